/// Reads a terminal's answers out of the bytes arriving on its input, fed in pieces split anywhere. What is
/// not an answer (keys typed meanwhile, in any encoding: letters, UTF-8, `ESC [ A`, Alt-x as `ESC x`) is
/// kept in order in `typeAhead`, byte for byte, for the program's key input. Hostile input is bounded: an
/// answer longer than `longestAnswer` bytes is dropped (as are answers to questions never asked), and
/// nothing is ever held for longer than the next `finish()`.
///
/// Only sequences no key produces are taken as answers: DA1 (`CSI ? … c`), window reports (`CSI … t`),
/// mode reports (`CSI ? … $ y`), graphics attributes (`CSI ? … S`), and strings (`DCS … ST`, `APC … ST`, `OSC … ST` or BEL). A string introducer a key can produce (Alt-P is `ESC P`, Alt-_
/// `ESC _`, Alt-] `ESC ]`) followed by a control character (but an OSC's closing BEL), or an ESC that is not ST,
/// was typing: it goes to type-ahead.
public struct TerminalAnswerParser: Sendable {
    /// The longest answer kept (XTVERSION's text, a capability's value); answers are tens of bytes.
    public static let longestAnswer = 512

    /// What was typed, in order, as it arrived.
    public private(set) var typeAhead: [UInt8] = []
    /// Bytes of answers dropped: too long, or to queries never sent.
    public private(set) var discarded = 0

    private enum StringKind: UInt8, Sendable {
        case dcs = 0x50  // P
        case apc = 0x5F  // _
        case osc = 0x5D  // ]
    }

    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi([UInt8])
        /// Inside a DCS or APC string; `escaped`: its last byte was ESC (ST is `ESC \`).
        case string(StringKind, [UInt8], escaped: Bool)
        /// Inside a string grown past `longestAnswer`: skipped up to its ST.
        case overlong(escaped: Bool)
    }

    private var state = State.ground

    public init() {}

    /// Takes the next bytes and returns the answers they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalAnswer] {
        var answers: [TerminalAnswer] = []
        for byte in bytes {
            if let answer = take(byte) { answers.append(answer) }
        }
        return answers
    }

    /// Ends the reading: a sequence left unfinished was typing (a lone Escape key, Alt-P) and joins the
    /// type-ahead; an overlong answer is dropped.
    public mutating func finish() {
        switch state {
        case .ground, .overlong: break
        case .escape: typeAhead.append(Self.escape)
        case .csi(let body): typeAhead += [Self.escape, Self.csiIntroducer] + body
        case .string(let kind, let body, let escaped):
            typeAhead += [Self.escape, kind.rawValue] + body
            if escaped { typeAhead.append(Self.escape) }
        }
        state = .ground
    }

    // MARK: - The state machine
    private static let escape: UInt8 = 0x1B
    private static let csiIntroducer: UInt8 = 0x5B  // [
    private static let stringTerminator: UInt8 = 0x5C  // \
    private static let bell: UInt8 = 0x07

    private mutating func take(_ byte: UInt8) -> TerminalAnswer? {
        switch state {
        case .ground:
            if byte == Self.escape { state = .escape } else { typeAhead.append(byte) }
            return nil
        case .escape:
            return afterEscape(byte)
        case .csi(var body):
            switch byte {
            case 0x20...0x3F where body.count < Self.longestAnswer:
                body.append(byte)
                state = .csi(body)
                return nil
            case 0x40...0x7E:
                state = .ground
                if let answer = Self.controlSequence(body, final: byte) { return answer }
                if Self.isUnaskedReport(body, final: byte) {
                    discarded += body.count + 3
                } else {
                    typeAhead += [Self.escape, Self.csiIntroducer] + body + [byte]
                }
                return nil
            default:
                // Not a control sequence after all: what came so far was typed, and so is this byte.
                typeAhead += [Self.escape, Self.csiIntroducer] + body
                state = .ground
                return take(byte)
            }
        case .string(let kind, var body, let escaped):
            if escaped {
                if byte == Self.stringTerminator {
                    state = .ground
                    if let answer = Self.string(kind, body) { return answer }
                    discarded += body.count + 4
                    return nil
                }
                // An ESC that is not ST: the "string" was typed (Alt-P, then keys), and a new sequence starts.
                typeAhead += [Self.escape, kind.rawValue] + body
                state = .escape
                return take(byte)
            }
            if byte == Self.escape {
                state = .string(kind, body, escaped: true)
            } else if kind == .osc, byte == Self.bell {
                // xterm's other terminator for OSC, which terminals answer with when the query used it.
                state = .ground
                if let answer = Self.string(kind, body) { return answer }
                discarded += body.count + 3
            } else if byte < 0x20 || byte == 0x7F {
                // Answers hold no control characters; keys do (Enter, Backspace after Alt-P).
                typeAhead += [Self.escape, kind.rawValue] + body
                state = .ground
                return take(byte)
            } else if body.count >= Self.longestAnswer {
                discarded += body.count + 3
                state = .overlong(escaped: false)
            } else {
                body.append(byte)
                state = .string(kind, body, escaped: false)
            }
            return nil
        case .overlong(let escaped):
            discarded += 1
            if escaped {
                state = .ground
                return byte == Self.stringTerminator ? nil : afterEscape(byte)
            }
            state = .overlong(escaped: byte == Self.escape)
            return nil
        }
    }

    private mutating func afterEscape(_ byte: UInt8) -> TerminalAnswer? {
        switch byte {
        case Self.csiIntroducer: state = .csi([])
        case StringKind.dcs.rawValue: state = .string(.dcs, [], escaped: false)
        case StringKind.apc.rawValue: state = .string(.apc, [], escaped: false)
        case StringKind.osc.rawValue: state = .string(.osc, [], escaped: false)
        case Self.escape:
            // ESC ESC: the first was the Escape key.
            typeAhead.append(Self.escape)
        default:
            typeAhead += [Self.escape, byte]
            state = .ground
        }
        return nil
    }

    // MARK: - Reading answers
    /// DA1, the window's pixel reports, mode reports and graphics attributes; nil for anything else (keys are control sequences too).
    private static func controlSequence(_ body: [UInt8], final: UInt8) -> TerminalAnswer? {
        switch final {
        case UInt8(ascii: "c"):
            guard body.first == UInt8(ascii: "?") else { return nil }
            let numbers = parameters(body.dropFirst())
            guard let numbers, !numbers.isEmpty else { return nil }
            return .deviceAttributes(numbers)
        case UInt8(ascii: "t"):
            guard let numbers = parameters(body[...]), numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
            let size = PixelSize(width: numbers[2], height: numbers[1])
            switch numbers[0] {
            case 4: return .textAreaPixels(size)
            case 6: return .cellPixels(size)
            default: return nil
            }
        case UInt8(ascii: "y"):
            // DECRPM: `? mode ; setting $`.
            guard body.first == UInt8(ascii: "?"), body.last == UInt8(ascii: "$"),
                let numbers = parameters(body.dropFirst().dropLast()), numbers.count == 2
            else { return nil }
            return .privateMode(mode: numbers[0], setting: numbers[1])
        case UInt8(ascii: "S"):
            // XTSMGRAPHICS: `? item ; status ; values…`.
            guard body.first == UInt8(ascii: "?"), let numbers = parameters(body.dropFirst()), numbers.count >= 2 else { return nil }
            return .graphicsAttribute(item: numbers[0], status: numbers[1], values: Array(numbers.dropFirst(2)))
        default:
            return nil
        }
    }

    /// Reports no key produces (other device attributes, other window reports): answers to questions
    /// someone else asked, dropped rather than typed into the program.
    private static func isUnaskedReport(_ body: [UInt8], final: UInt8) -> Bool {
        switch final {
        case UInt8(ascii: "c"): body.first == UInt8(ascii: ">") || body.first == UInt8(ascii: "=") || body.first == UInt8(ascii: "?")
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "y"): body.last == UInt8(ascii: "$")
        case UInt8(ascii: "S"): body.first == UInt8(ascii: "?")
        default: false
        }
    }

    /// `1;22;333` as numbers, an empty parameter ending the list ignored (kitty answers `?62;c`); nil when a
    /// byte is not a digit or separator, another parameter is empty, or a number is absurd.
    private static func parameters(_ body: ArraySlice<UInt8>) -> [Int]? {
        var numbers: [Int] = []
        var current: Int?
        for byte in body {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let next = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                guard next < 1_000_000 else { return nil }
                current = next
            case UInt8(ascii: ";"):
                guard let number = current else { return nil }
                numbers.append(number)
                current = nil
            default:
                return nil
            }
        }
        if let current { numbers.append(current) }
        return numbers
    }

    /// XTVERSION, DECRQSS and XTGETTCAP (DCS), the kitty graphics answer (APC) and the background colour
    /// (OSC 11); nil for anything else.
    private static func string(_ kind: StringKind, _ body: [UInt8]) -> TerminalAnswer? {
        let text = String(decoding: body, as: UTF8.self)
        switch kind {
        case .osc:
            guard text.hasPrefix("11;"), TerminalBackground(x11Color: String(text.dropFirst(3))) != nil else { return nil }
            return .backgroundColor(String(text.dropFirst(3)))
        case .apc:
            guard text.hasPrefix("G"), let semicolon = text.firstIndex(of: ";") else { return nil }
            let keys = text[text.index(after: text.startIndex)..<semicolon].split(separator: ",")
            let id = keys.first { $0.hasPrefix("i=") }.flatMap { UInt32($0.dropFirst(2)) }
            return .kittyGraphics(id: id, message: String(text[text.index(after: semicolon)...]))
        case .dcs:
            if text.hasPrefix(">|") { return .version(String(text.dropFirst(2))) }
            if text.hasPrefix("1$r") { return .statusString(valid: true, setting: String(text.dropFirst(3))) }
            if text.hasPrefix("0$r") { return .statusString(valid: false, setting: String(text.dropFirst(3))) }
            if text.hasPrefix("1+r") || text.hasPrefix("0+r") {
                let valid = text.hasPrefix("1")
                // One capability is asked at a time: `name=value`, each hex encoded.
                let parts = text.dropFirst(3).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = parts.first.flatMap(hexDecoded) else { return nil }
                let value = parts.count > 1 ? hexDecoded(parts[1]) : nil
                return .capability(valid: valid, name: name, value: value)
            }
            return nil
        }
    }

    /// `5247` as "RG"; nil when not hex pairs.
    private static func hexDecoded(_ hex: Substring) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
