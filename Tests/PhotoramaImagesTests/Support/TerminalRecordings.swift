/// Answers real terminals gave to `TerminalQueries.batch(askCellSize: true)`, recorded on this project's
/// machine in raw mode under Xvfb (xterm 379, kitty 0.26.5 with LIBGL_ALWAYS_SOFTWARE=1, mlterm 3.9.0) and
/// in a detached tmux 3.3a, byte for byte as read.
enum TerminalRecordings {
    /// `xterm -ti vt340`, TERM=xterm, no COLORTERM: XTVERSION, DECRQSS with the 24-bit colour, DA1 with 4
    /// (sixel). No kitty answer, no XTGETTCAP answer, no CSI 14t/16t (xterm's window operations are off).
    static let xtermVT340 = bytes(
        "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
    /// Plain `xterm` (VT420 class, no sixel).
    static let xterm = bytes(
        "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c")
    /// kitty: every query answered; the kitty graphics query OK, XTGETTCAP knows neither RGB nor Tc.
    static let kitty = bytes(
        "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}P1$r38:2:1:2:3m\u{1B}\\\u{1B}P0+r524742\u{1B}\\"
            + "\u{1B}P0+r5463\u{1B}\\\u{1B}[4;396;639t\u{1B}[6;18;9t\u{1B}[?62;c")
    /// mlterm: no XTVERSION; DECRQSS maps the colour to palette entry 16; DA1 with 4.
    static let mlterm = bytes(
        "\u{1B}P1$r0;38;5;16m\u{1B}\\\u{1B}P0+r\u{1B}\\\u{1B}P0+r\u{1B}\\\u{1B}[4;456;800t\u{1B}[6;19;10t"
            + "\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c")
    /// tmux 3.3a answers XTVERSION and DA1 itself and nothing else.
    static let tmux = bytes("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c")

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
