import PhotoramaImages
import PhotoramaScreen

/// The escape sequences terminals send for keys, decoded whatever the terminal entry lists: ncurses turns
/// only the sequences terminfo names into key codes, and hands every other one over as its bytes (inside
/// tmux with TERM=xterm-256color, End arrives as `ESC [ 4 ~`, which that entry does not list). Pure, so
/// every encoding is tested without a terminal.
///
/// Decoded: CSI `~` forms (`ESC [ 4 ~`, rxvt's `$ ^ @` finals), CSI letter forms (`ESC [ A`, `ESC [ 1 ; 5 A`),
/// SS3 forms (`ESC O A`, `ESC O 2 P`), the Linux console's `ESC [ [ A`…`E`, each with any modifier
/// parameter (Shift+Up and Shift+Down keep theirs, other modifiers give the plain key). A sequence that is
/// still unknown (focus reports, mouse reports ncurses did not take, bracketed paste marks, kitty's `CSI u`)
/// is dropped whole, never read as the keys it is made of. ESC before anything else is Escape, and what
/// follows is read on its own. Mode 2031's colour-scheme notifications (`CSI ? 997 ; 1 n` dark, `2 n`
/// light) are not keys but input events of their own.
enum KeySequences {
    /// What the bytes after an ESC mean.
    enum Decoded: Equatable {
        /// The sequence is not finished: read more, if there is more.
        case incomplete
        /// `keys` (empty: an unknown sequence, dropped) from the first `consumed` codes after the ESC; the
        /// codes after them are read on their own.
        case keys([Key], consumed: Int)
        /// The terminal's colour-scheme notification, from the first `consumed` codes after the ESC.
        case colorScheme(TerminalBackground, consumed: Int)
    }

    /// Decodes the codes that followed an ESC. `atEnd`: nothing more follows, so an unfinished sequence
    /// is decided now (ESC alone is Escape; ESC and one character are Escape and that character, as Alt
    /// sends it; a longer unfinished sequence is dropped).
    static func decode(afterEscape codes: [UInt32], atEnd: Bool) -> Decoded {
        guard let introducer = codes.first else { return atEnd ? .keys([.escape], consumed: 0) : .incomplete }
        switch introducer {
        case ascii("["): return csi(codes, atEnd: atEnd)
        case ascii("O"): return ss3(codes, atEnd: atEnd)
        default: return .keys([.escape], consumed: 0)
        }
    }

    /// The code of an ASCII character, for the tables below.
    private static func ascii(_ scalar: Unicode.Scalar) -> UInt32 { scalar.value }

    /// Longer than any key's sequence: a run of parameters past it is not a key, and is dropped.
    static let longest = 32

    // MARK: - CSI

    private static func csi(_ codes: [UInt32], atEnd: Bool) -> Decoded {
        guard codes.count > 1 else { return atEnd ? .keys([.escape], consumed: 0) : .incomplete }
        // The Linux console's F1–F5: ESC [ [ A … E.
        if codes[1] == ascii("[") {
            guard codes.count > 2 else { return atEnd ? .keys([], consumed: 2) : .incomplete }
            let final = codes[2]
            guard (ascii("A")...ascii("E")).contains(final) else { return .keys([], consumed: 2) }
            return .keys([.function(Int(final - ascii("A")) + 1)], consumed: 3)
        }
        // X10 mouse report: ESC [ M and three bytes.
        if codes[1] == ascii("M") {
            guard codes.count >= 5 else { return atEnd ? .keys([], consumed: codes.count) : .incomplete }
            return .keys([], consumed: 5)
        }
        var parameters = ""
        var index = 1
        while index < codes.count {
            let code = codes[index]
            if index > longest { return .keys([], consumed: index) }
            switch code {
            case 0x30...0x3F:
                parameters.unicodeScalars.append(Unicode.Scalar(UInt8(code)))
            case ascii("$") where !parameters.isEmpty && parameters.allSatisfy(\.isNumber):
                // rxvt's Shift+ forms (ESC [ 3 $) end where ECMA-48 would see an intermediate byte.
                return .keys(tildeKey(parameters).map { [$0] } ?? [], consumed: index + 1)
            case 0x20...0x2F:
                break  // intermediate bytes: part of a sequence no key sends
            case 0x40...0x7E:
                if let scheme = colorScheme(parameters, final: code) { return .colorScheme(scheme, consumed: index + 1) }
                return .keys(csiKey(parameters, final: code).map { [$0] } ?? [], consumed: index + 1)
            default:
                // Not part of a control sequence: what came before it is dropped, it is read on its own.
                return .keys([], consumed: index)
            }
            index += 1
        }
        return atEnd ? .keys([], consumed: codes.count) : .incomplete
    }

    /// `? 997 ; 1` or `? 997 ; 2` with the final `n`: the colour scheme the terminal now prefers.
    private static func colorScheme(_ parameters: String, final: UInt32) -> TerminalBackground? {
        guard final == ascii("n"), parameters.hasPrefix("?") else { return nil }
        let fields = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 2, Int(fields[0]) == TerminalQueries.colorSchemeReport, let number = Int(fields[1]) else { return nil }
        return TerminalBackground(colorSchemeReport: number)
    }

    private static func csiKey(_ parameters: String, final: UInt32) -> Key? {
        switch final {
        case ascii("~"), ascii("^"), ascii("@"):
            return tildeKey(parameters)
        case ascii("Z"):
            return parameters.isEmpty ? .backTab : nil
        case ascii("a"):
            return parameters.isEmpty ? .shiftUp : nil  // rxvt's Shift+Up
        case ascii("b"):
            return parameters.isEmpty ? .shiftDown : nil
        default:
            // CSI letter forms take no parameter but a modifier: nothing, or "1;m".
            if parameters.isEmpty { return letterKey(final, modifier: 1) }
            let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
            switch fields.count {
            case 2 where fields[0] == "1" || fields[0].isEmpty:
                guard let modifier = Int(fields[1]) else { return nil }
                return letterKey(final, modifier: modifier)
            default: return nil
            }
        }
    }

    /// `CSI n ~` and `CSI n ; m ~`: the key is n, m is the modifier.
    private static func tildeKey(_ parameters: String) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let number = Int(fields[0]) else { return nil }
        if fields.count == 2, Int(fields[1]) == nil { return nil }
        return tildeKeys[number]
    }

    private static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    // MARK: - SS3

    /// ESC O and the final, with an optional modifier between (`ESC O 2 P`, `ESC O 1 ; 2 P`).
    private static func ss3(_ codes: [UInt32], atEnd: Bool) -> Decoded {
        var parameters = ""
        var index = 1
        while index < codes.count {
            let code = codes[index]
            if index > longest { return .keys([], consumed: index) }
            switch code {
            case ascii("0")...ascii("9"), ascii(";"):
                parameters.unicodeScalars.append(Unicode.Scalar(UInt8(code)))
            case 0x40...0x7E:
                let modifier = parameters.split(separator: ";").last.flatMap { Int($0) } ?? 1
                let key = code == ascii("M") ? Key.enter : letterKey(code, modifier: modifier)
                return .keys(key.map { [$0] } ?? [], consumed: index + 1)
            default:
                if index == 1 { return .keys([.escape], consumed: 0) }  // Alt+O, then this code
                return .keys([], consumed: index)
            }
            index += 1
        }
        if codes.count == 1 { return atEnd ? .keys([.escape], consumed: 0) : .incomplete }
        return atEnd ? .keys([], consumed: codes.count) : .incomplete
    }

    // MARK: - Letter finals (CSI and SS3)

    /// A letter final with an xterm modifier (1 none, 2 Shift, 3 Alt, 5 Ctrl, …, bits of m - 1).
    private static func letterKey(_ final: UInt32, modifier: Int) -> Key? {
        let shift = modifier >= 2 && (modifier - 1) & 1 == 1
        switch final {
        case ascii("A"): return shift ? .shiftUp : .up
        case ascii("B"): return shift ? .shiftDown : .down
        case ascii("C"): return .right
        case ascii("D"): return .left
        case ascii("H"): return .home
        case ascii("F"): return .end
        case ascii("E"): return nil  // the keypad's 5
        case ascii("P"): return .function(1)
        case ascii("Q"): return .function(2)
        case ascii("R"): return .function(3)
        case ascii("S"): return .function(4)
        default: return nil
        }
    }
}
