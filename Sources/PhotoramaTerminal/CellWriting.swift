/// How cells written outside ncurses (a picture's cells given back to text, `TextCells`) are written so
/// they equal what a full redraw leaves: colour numbers as ncurses picks them for the terminal's `colors`
/// (0: no colour), and, where the terminal takes OSC 8 links (`hyperlinks`), each linked cell inside its link.
struct CellWriting: Sendable, Hashable {
    let colors: Int
    let hyperlinks: Bool

    /// A 256-colour terminal without links: what the tests of pictures assume.
    static let palette256 = CellWriting(colors: 256, hyperlinks: false)
}
