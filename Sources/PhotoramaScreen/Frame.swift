import PhotoramaImages
import PhotoramaText

/// A picture for a graphics protocol and the cells it covers (blank in the frame).
public struct FramePicture: Hashable, Sendable {
    public var rect: Rect
    public var picture: PixelPicture

    public init(rect: Rect, picture: PixelPicture) {
        self.rect = rect
        self.picture = picture
    }
}

// MARK: - Frame
/// A screenful of cells: what `render` produces and the terminal backend copies to the screen.
///
/// Drawing walks grapheme clusters and knows their display width: a wide cluster takes its cell and
/// the next (a continuation cell), never half of one, and overwriting either half of a wide glyph
/// blanks the other half. Nothing is drawn outside the frame.
public struct Frame: Sendable {
    public let size: CellSize
    private var cells: [StoredCell]
    /// What the cells' link numbers stand for.
    private var links = FrameLinks()
    /// Pictures a graphics protocol draws over blank cells, in drawing order.
    public var pictures: [FramePicture] = []
    /// Areas drawn over the pictures (an overlay): a picture sharing a cell with one is not shown, since
    /// a protocol picture would otherwise cover the text. The picture stays wanted, so the terminal may
    /// keep its pixels for when the overlay closes.
    public var pictureCovers: [Rect] = []
    /// Pictures not shown that the next key most likely shows (the screen PgDn brings), in the order it
    /// wants them: a terminal that stores images by id may take them while the user rests on a slow link,
    /// so that key only places them (issue 42, point 5).
    public var ahead: [PixelPicture] = []
    /// Whether the terminal reports motion with the first button held (the zoomed viewer's drag): part of
    /// the frame, so `render` decides it and the backend applies it when it draws.
    public var reportsDrags = false
    /// Where the terminal's cursor is shown after the frame is drawn (`--plain`: on the selected card's
    /// title, so a screen reader reads it); nil: the cursor is hidden.
    public var cursor: CursorPosition?

    public init(size: CellSize, style: Style = .plain) {
        let clamped = CellSize(columns: max(0, size.columns), rows: max(0, size.rows))
        self.size = clamped
        cells = Array(repeating: .blank(style), count: clamped.columns * clamped.rows)
    }

    /// The cell at a position, with its link; a blank cell outside the frame. Cells of two frames compare
    /// equal when they show the same and link to the same.
    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank() }
        let cell = cells[row * size.columns + column]
        return Cell(grapheme: cell.grapheme, width: cell.width, style: cell.style, link: links[cell.link])
    }

    /// The text of each row: every cluster once (wide ones are not doubled), trailing spaces kept.
    public var lines: [String] {
        (0..<size.rows).map { row in
            var line = ""
            for column in 0..<size.columns {
                line += cells[row * size.columns + column].grapheme
            }
            return line
        }
    }

    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    // MARK: - Drawing text
    /// Draws text from `column`, using at most `maxWidth` columns (and never past the right edge).
    /// Text that does not fit is cut between clusters and ends with "…". Control characters are not
    /// expected here (sanitize first) but are dropped if present, so a cell never lies about its width.
    /// Returns the number of columns used. `link`: what a click on the drawn cells does (the ellipsis
    /// included, as it stands for the rest of the text).
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, maxWidth: Int = .max, style: Style = .plain, link: CellLink? = nil
    ) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        var start = column
        var limit = min(maxWidth, size.columns - column)
        if start < 0 {
            // Text that starts left of the frame is clipped there.
            limit += start
            start = 0
        }
        guard limit > 0 else { return 0 }
        let link = links.number(for: link)
        if let used = putASCII(text, row: row, column: start, limit: limit, style: style, link: link) { return used }

        var used = 0
        var lastWidth = 0
        for cluster in text {
            let w = DisplayWidth.of(cluster)
            if w == 0 { continue }
            if used + w > limit {
                // Overflow: make room for the ellipsis by taking back the last cluster(s) if needed.
                while used > limit - 1 {
                    used -= lastWidth
                    for c in 0..<lastWidth { setCell(row, start + used + c, .blank(style)) }
                    lastWidth = 1
                }
                setCell(row, start + used, StoredCell(grapheme: TextLayout.ellipsis, width: 1, style: style, link: link))
                return used + 1
            }
            let grapheme = String(cluster)
            setCell(row, start + used, StoredCell(grapheme: grapheme, width: w, style: style, link: link))
            if w == 2 { setCell(row, start + used + 1, .continuation(style, link: link)) }
            used += w
            lastWidth = w
        }
        return used
    }

    /// The fast path for printable ASCII (one byte, one cell); nil when the text is anything else.
    private mutating func putASCII(_ text: String, row: Int, column: Int, limit: Int, style: Style, link: UInt32) -> Int? {
        let utf8 = text.utf8
        for byte in utf8 where byte < 0x20 || byte >= 0x7F { return nil }
        let count = utf8.count
        let shown = count <= limit ? count : limit - 1
        var c = column
        var written = 0
        for byte in utf8 {
            guard written < shown else { break }
            setCell(row, c, StoredCell(grapheme: Self.asciiGraphemes[Int(byte)], width: 1, style: style, link: link))
            c += 1
            written += 1
        }
        if count > limit {
            setCell(row, c, StoredCell(grapheme: TextLayout.ellipsis, width: 1, style: style, link: link))
            return limit
        }
        return count
    }

    /// Writes one cell of width 1 (an image cell: a block character with colours), skipping anything
    /// outside the frame. The grapheme must be a single-width character.
    public mutating func putCell(_ grapheme: String, row: Int, column: Int, style: Style) {
        setCell(row, column, StoredCell(grapheme: grapheme, width: 1, style: style, link: 0))
    }

    /// Gives the cells of `columns` on `row` a link (nil: none), what they show unchanged.
    public mutating func setLink(_ link: CellLink?, row: Int, columns: Range<Int>) {
        guard row >= 0, row < size.rows else { return }
        let link = links.number(for: link)
        for column in max(0, columns.lowerBound)..<max(max(0, columns.lowerBound), min(size.columns, columns.upperBound)) {
            cells[row * size.columns + column].link = link
        }
    }

    // MARK: - Filling and styling
    /// Blanks a rectangle with a style.
    public mutating func fill(_ rect: Rect, style: Style) {
        let top = max(0, rect.row)
        let bottom = min(size.rows, rect.row + rect.height)
        let left = max(0, rect.column)
        let right = min(size.columns, rect.column + rect.width)
        guard top < bottom, left < right else { return }
        for row in top..<bottom {
            for column in left..<right { setCell(row, column, .blank(style)) }
        }
    }

    /// Writes one cell, repairing any wide glyph it cuts in half. A wide glyph that would hang over
    /// the right edge becomes a blank.
    private mutating func setCell(_ row: Int, _ column: Int, _ cell: StoredCell) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
        let index = row * size.columns + column
        let old = cells[index]
        if old.isContinuation, !cell.isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, !cell.isContinuation, column + 1 < size.columns {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        if cell.width == 2, column + 1 >= size.columns {
            cells[index] = .blank(cell.style)
            return
        }
        if cell.width == 2, column + 1 < size.columns, cells[index + 1].width == 2, column + 2 < size.columns {
            // The next cell is about to become our continuation: blank the glyph it started.
            cells[index + 2] = .blank(cells[index + 2].style)
        }
        cells[index] = cell
    }

    static let asciiGraphemes: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
}

/// A cell's place on the screen, from the top-left corner (0, 0).
public struct CursorPosition: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
