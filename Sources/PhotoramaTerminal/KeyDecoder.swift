import CNCurses
import PhotoramaScreen

/// Turns what `get_wch` returned into `Key`s and the other input events terminals send as sequences. Pure, so it is tested without a terminal.
public enum KeyDecoder {
    /// One thing `get_wch` returned: a character, or a key code (KEY_CODE_YES).
    public struct Code: Equatable, Sendable {
        public var value: UInt32
        public var isKeyCode: Bool

        public init(_ value: UInt32, isKeyCode: Bool = false) {
            self.value = value
            self.isKeyCode = isKeyCode
        }
    }

    /// The keys for what one read returned, in order: the escape sequences ncurses left as characters
    /// (terminfo did not list them) are decoded by `KeySequences`; an unknown one gives no key at all.
    public static func keys(_ codes: [Code]) -> [Key] {
        events(codes).compactMap { event in
            if case .key(let key) = event { return key }
            return nil
        }
    }

    /// The input events for what one read returned: its keys, and the terminal's colour-scheme
    /// notifications (mode 2031) where they stood among them.
    public static func events(_ codes: [Code]) -> [InputEvent] {
        scan(codes, complete: true).events
    }

    /// Whether `codes` end inside an escape sequence that more codes could finish (read on before decoding).
    public static func endsInsideSequence(_ codes: [Code]) -> Bool {
        scan(codes, complete: false).unfinished
    }

    private static func scan(_ codes: [Code], complete: Bool) -> (events: [InputEvent], unfinished: Bool) {
        var keys: [InputEvent] = []
        var index = 0
        while index < codes.count {
            let code = codes[index]
            guard !code.isKeyCode, code.value == 27 else {
                if let key = key(code: code.value, isKeyCode: code.isKeyCode) { keys.append(.key(key)) }
                index += 1
                continue
            }
            // The characters after the ESC, up to a key code (which no sequence holds).
            let following = codes[(index + 1)...].prefix { !$0.isKeyCode }.map(\.value)
            let atEnd = complete || index + 1 + following.count < codes.count
            switch KeySequences.decode(afterEscape: following, atEnd: atEnd) {
            case .incomplete:
                return (keys, true)
            case .keys(let decoded, let consumed):
                keys += decoded.map(InputEvent.key)
                index += 1 + consumed
            case .colorScheme(let scheme, let consumed):
                keys.append(.colorScheme(scheme))
                index += 1 + consumed
            }
        }
        return (keys, false)
    }

    /// `isKeyCode`: get_wch returned KEY_CODE_YES (a function key); otherwise `code` is a character.
    public static func key(code: UInt32, isKeyCode: Bool) -> Key? {
        if isKeyCode { return functionKey(Int32(bitPattern: code)) }
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 0: return nil
        case 1...26:
            // Ctrl-A … Ctrl-Z (Ctrl-H, I, J, M were handled above as the keys terminals send them for).
            return .ctrl(Character(Unicode.Scalar(UInt8(code) + 96)))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(code), !(0x80...0x9F).contains(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case Int32(KEY_UP): return .up
        case Int32(KEY_DOWN): return .down
        case Int32(KEY_LEFT): return .left
        case Int32(KEY_RIGHT): return .right
        case Int32(KEY_SR): return .shiftUp  // scroll reverse: what xterm-like terminals send for Shift+Up
        case Int32(KEY_SF): return .shiftDown
        case Int32(KEY_PPAGE): return .pageUp
        case Int32(KEY_NPAGE): return .pageDown
        case Int32(KEY_HOME), Int32(KEY_A1): return .home
        case Int32(KEY_END), Int32(KEY_C1): return .end
        case Int32(KEY_ENTER): return .enter
        case Int32(KEY_BACKSPACE): return .backspace
        case Int32(KEY_DC): return .delete
        case Int32(KEY_IC): return .insert
        case Int32(KEY_BTAB): return .backTab
        default:
            let f0 = photorama_key_f(0)
            if code > f0, code <= f0 + 24 { return .function(Int(code - f0)) }
            return nil
        }
    }
}
