import PhotoramaImages
import PhotoramaScreen

/// A slow link's first look at sixel pictures (issue 42, point 5): each new picture first as the
/// browser's half-block cells of the same pixels in its own cells (`CellRenderer`, in the 256 colours
/// every sixel terminal has: 0.2 MB a PgDn at 200×60, where 24-bit cells took 0.35 MB and the sixels
/// 1.55), then the sixel once the user rests. The sixel's piece first writes the
/// frame's own cells back under it (blanks), so the terminal then holds what a full redraw leaves, text
/// included. A preview is text: `SixelRegions` takes it as painted, so it is cleared as a sixel is (its
/// picture goes, moves or is covered) and repainted when ncurses may have written over it.
struct SixelCellPreviews {
    /// Pictures whose cells hold a preview (or will, once its piece is written), by id: where.
    private(set) var shown: [UInt32: Rect] = [:]
    /// Previews the last update replaced by their sixel: shown again if that piece is dropped unwritten.
    private var replacing: [UInt32: Rect] = [:]
    /// The cells made for each picture, kept while it shows.
    private var made: [UInt32: CellImage] = [:]

    /// `picture`'s preview at `rect` (the picture's top-left cells, as its sixel would cover them).
    mutating func preview(
        of picture: PixelPicture, at rect: Rect, in frame: Frame, visible: CellSize, writing: CellWriting = .palette256
    ) -> PicturePiece {
        let cells: CellImage
        if let kept = made[picture.id], kept.columns == picture.columns, kept.rows == picture.rows {
            cells = kept
        } else {
            cells = CellRenderer.render(picture.image, columns: picture.columns, rows: picture.rows, drawing: .halfBlocks(.palette256))
            made[picture.id] = cells
        }
        var drawn = frame
        for row in 0..<min(rect.height, cells.rows) {
            for column in 0..<min(rect.width, cells.columns) {
                let cell = cells[row, column]
                drawn.putCell(String(cell.character), row: rect.row + row, column: rect.column + column, style: Style(cell))
            }
        }
        shown[picture.id] = rect
        let bytes = TextCells.output(frame: drawn, rects: [rect], visible: visible, writing: writing)
        return .painted(id: picture.id, rect: rect, bytes: bytes)
    }

    /// Picture `id`'s sixel is painted now: the frame's cells where its preview was, to write before the
    /// sixel (none when it had none).
    mutating func replaced(_ id: UInt32, in frame: Frame, visible: CellSize, writing: CellWriting = .palette256) -> [UInt8] {
        guard let rect = shown.removeValue(forKey: id) else { return [] }
        replacing[id] = rect
        return TextCells.output(frame: frame, rects: [rect], visible: visible, writing: writing)
    }

    /// A piece of the last update for picture `id` never reached the terminal.
    mutating func unwritten(_ id: UInt32) {
        if let rect = replacing.removeValue(forKey: id) { shown[id] = rect }
    }

    /// A new update begins: the last one's pieces were written or reported unwritten. `painted`: the
    /// pictures the terminal shows (`SixelRegions.painted`), whose previews are kept.
    mutating func keep(_ painted: [UInt32: Rect]) {
        replacing = [:]
        shown = shown.filter { painted[$0.key] != nil }
        made = made.filter { painted[$0.key] != nil }
    }
}
