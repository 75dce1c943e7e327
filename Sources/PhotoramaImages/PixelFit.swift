/// Fitting an image into an area of cells, the one rule for every drawing: the whole cells it takes,
/// aspect ratio kept, and the pixel size that fills exactly those cells, so a terminal never scales a
/// protocol picture (kitty, sixel) and half blocks get two pixels a cell.
public enum PixelFit {
    /// A half-block cell: one pixel wide, two high (the upper and lower half).
    public static let halfBlock = PixelSize(width: 1, height: 2)

    /// The pixels one cell holds when drawing as `drawing`: the terminal's cell (`terminalCell`, from
    /// TIOCGWINSZ) for a graphics protocol, `halfBlock` for cells.
    public static func cell(for drawing: ImageDrawing, terminalCell: PixelSize) -> PixelSize {
        drawing.usesGraphicsProtocol ? terminalCell : halfBlock
    }

    /// The pixels one cell is drawn from, what a decoder must cover: `cell(for:terminalCell:)`, except
    /// that finer block symbols take their own grid of sub-pixels (2×3 for sextants).
    public static func samples(for drawing: ImageDrawing, terminalCell: PixelSize) -> PixelSize {
        if case .symbols(let set, _) = drawing { return PixelSize(width: set.grid.columns, height: set.grid.rows) }
        return cell(for: drawing, terminalCell: terminalCell)
    }

    public struct Placement: Hashable, Sendable {
        /// The cells the picture takes, never more than the area.
        public var cells: CellSize
        /// cells × the cell's pixels.
        public var pixels: PixelSize

        public init(cells: CellSize, pixels: PixelSize) {
            self.cells = cells
            self.pixels = pixels
        }
    }

    /// `image` fitted into `area`, each cell `cell` pixels (from TIOCGWINSZ, or `halfBlock`); at least one
    /// cell each way; nil when the image, the area or the cell is empty.
    public static func placement(_ image: PixelSize, in area: CellSize, cell: PixelSize) -> Placement? {
        guard image.width > 0, image.height > 0, area.columns > 0, area.rows > 0, cell.width > 0, cell.height > 0 else { return nil }
        let areaWidth = Double(area.columns * cell.width)
        let areaHeight = Double(area.rows * cell.height)
        let scale = min(areaWidth / Double(image.width), areaHeight / Double(image.height))
        let columns = min(area.columns, max(1, Int((Double(image.width) * scale / Double(cell.width)).rounded())))
        let rows = min(area.rows, max(1, Int((Double(image.height) * scale / Double(cell.height)).rounded())))
        return Placement(
            cells: CellSize(columns: columns, rows: rows), pixels: PixelSize(width: columns * cell.width, height: rows * cell.height))
    }
}
