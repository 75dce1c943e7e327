/// The one batch of questions asked at start, written in one go. The kitty graphics query comes first and
/// DA1 last: every terminal answers DA1, and answers in order, so DA1's answer ends the wait and a
/// terminal that ignores a query simply has no answer to it before DA1's (kitty's own advice; yazi does
/// the same). The whole batch sits between DECSC and DECRC, which restore the cursor and the colours the
/// true-colour probe sets; EL then erases from the cursor to the end of its row whatever a terminal that
/// does not know a query printed of it (rxvt-unicode prints the kitty query's payload as text), since
/// everything printed went there from the cursor on.
public enum TerminalQueries {
    /// The id of the 1×1 image the kitty query names; kitty answers `i=31;OK` (yazi uses the same id).
    public static let kittyImageID: UInt32 = 31
    /// The ids of the questions whether kitty reads pixels by name (`KittyGraphics.mediumQuery`), as kitty's
    /// icat asks before it sends files: one a medium, answered `i=ID;OK` when kitty could read it.
    public static let mediumQueryIDs: [KittyMedium: UInt32] = [.sharedMemory: 32, .temporaryFile: 33]
    /// The colour the true-colour probe sets and asks back: a terminal that keeps 24-bit colours answers
    /// with these three numbers; one that maps them to its palette answers with an index.
    public static let probeColor: (red: Int, green: Int, blue: Int) = (1, 2, 3)
    /// XTGETTCAP's capability names for 24-bit colour (terminfo's `RGB`, tmux's `Tc`).
    public static let trueColorCapabilities = ["RGB", "Tc"]
    /// The private mode of synchronized output: between `CSI ? 2026 h` and `CSI ? 2026 l` the terminal
    /// shows nothing new, so a frame appears whole.
    public static let synchronizedOutputMode = 2026
    /// The private mode of colour-scheme notifications: after `CSI ? 2031 h` the terminal reports each
    /// change of its dark/light preference as `CSI ? 997 ; 1 n` (dark) or `2 n` (light).
    public static let colorSchemeMode = 2031
    /// The report number mode 2031's notifications carry (`CSI ? 997 ; … n`).
    public static let colorSchemeReport = 997
    /// XTSMGRAPHICS's item for the number of sixel colour registers: `CSI ? 1 ; 1 ; 0 S` reads it, the
    /// answer is `CSI ? 1 ; 0 ; count S` (status 0, success).
    public static let colorRegistersItem = 1

    /// The queries in the order sent; CSI 14t and 16t only when the window size gave no pixels.
    public static func sent(askCellSize: Bool) -> [TerminalQuery] {
        TerminalQuery.allCases.filter { askCellSize || ($0 != .textAreaPixels && $0 != .cellPixels) }
    }

    /// The bytes of the batch.
    public static func batch(askCellSize: Bool) -> [UInt8] {
        let color = probeColor
        var text = "\u{1B}7"
        text += "\u{1B}_Gi=\(kittyImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
        text += "\u{1B}[>q"
        text += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m\u{1B}P$qm\u{1B}\\"
        for name in trueColorCapabilities {
            text += "\u{1B}P+q\(hex(name))\u{1B}\\"
        }
        text += "\u{1B}[?\(synchronizedOutputMode)$p"
        text += "\u{1B}]11;?\u{1B}\\"
        text += "\u{1B}[?\(colorRegistersItem);1;0S"
        if askCellSize { text += "\u{1B}[14t\u{1B}[16t" }
        text += "\u{1B}8\u{1B}[K"
        text += "\u{1B}[c"
        return Array(text.utf8)
    }

    /// The second round, for a terminal that answered the kitty query OK: whether it reads pixels by name,
    /// one question a medium (`media`: the names of one-pixel objects already written), then DA1, which ends
    /// the wait. Apart from the batch: a terminal that prints APC strings would show these long names.
    public static func mediaBatch(_ media: [KittyMedium: String]) -> [UInt8] {
        var out: [UInt8] = []
        for medium in KittyMedium.allCases {
            guard let name = media[medium], let id = mediumQueryIDs[medium] else { continue }
            out += KittyGraphics.mediumQuery(id: id, medium: medium, name: name)
        }
        return out + Array("\u{1B}[c".utf8)
    }

    /// `RGB` as `524742`.
    static func hex(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
