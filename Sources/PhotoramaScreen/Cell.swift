/// One cell of a frame.
///
/// `grapheme` is one extended grapheme cluster of display width `width`. A wide cluster (width 2)
/// is followed by a cell with `grapheme == ""` and `width == 0` that stands for its right half, so
/// the terminal draws exactly as many columns as the frame has cells.
public struct Cell: Hashable, Sendable {
    public var grapheme: String
    public var width: Int
    public var style: Style
    /// What a click on the cell does; a run of cells with one address is one OSC 8 hyperlink.
    public var link: CellLink?

    public init(grapheme: String, width: Int, style: Style = .plain, link: CellLink? = nil) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
        self.link = link
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(grapheme: " ", width: 1, style: style) }
}
