/// A cell as a frame stores it. Its link is a number in the frame's `FrameLinks` (0: none), not a
/// `CellLink?`: with the enum inside, every cell render writes, copies and frees became a larger value
/// copied through outlined witnesses, and a 200×60 render took 25 % longer (docs/PERFORMANCE.md).
struct StoredCell: Sendable {
    var grapheme: String
    var width: Int
    var style: Style
    var link: UInt32

    static func blank(_ style: Style = .plain) -> StoredCell { StoredCell(grapheme: " ", width: 1, style: style, link: 0) }

    /// The right half of a wide glyph.
    static func continuation(_ style: Style, link: UInt32) -> StoredCell { StoredCell(grapheme: "", width: 0, style: style, link: link) }

    var isContinuation: Bool { width == 0 }
}

/// The links of one frame's cells. A cell holds the number of its entry (1-based; 0 is no link). Numbers
/// mean something only inside their frame: cells of two frames are compared by the links they resolve to
/// (`Frame`'s subscript), never by number.
struct FrameLinks: Sendable {
    private var links: [CellLink] = []

    /// The number a cell given `link` holds. A link equal to the last one added shares its entry, so a run
    /// of cells drawn with one link takes one entry.
    mutating func number(for link: CellLink?) -> UInt32 {
        guard let link else { return 0 }
        if links.last != link { links.append(link) }
        return UInt32(links.count)
    }

    /// The link a cell's number stands for.
    subscript(number: UInt32) -> CellLink? {
        number == 0 ? nil : links[Int(number) - 1]
    }
}
