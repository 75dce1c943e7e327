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
    /// that finer block symbols take their own grid of sub-pixels (2×3 for sextants), and in 24-bit colour
    /// 4×8, half the matcher's samples each way (`SymbolMatcher`): a photo has little more detail under a
    /// cell, and a JPEG decoded at a smaller scale costs far less.
    public static func samples(for drawing: ImageDrawing, terminalCell: PixelSize) -> PixelSize {
        if case .symbols(let set, let depth) = drawing {
            if depth == .truecolor { return PixelSize(width: 4, height: 8) }
            return PixelSize(width: set.grid.columns, height: set.grid.rows)
        }
        return cell(for: drawing, terminalCell: terminalCell)
    }

    /// How a picture meets its area: whole inside it with bars (`fit`), or filling it, cropped to the
    /// area's shape around the centre (`fill`, the grid's cards on request, as photo sites show them).
    public enum Mode: Hashable, Sendable {
        case fit, fill
    }

    /// The centre of `image` cut to the shape of `area` drawn with `cell` pixels a cell, so that fitting it
    /// then fills the area; the image itself when it already has that shape or anything is empty.
    public static func croppedToFill(_ image: RGBImage, area: CellSize, cell: PixelSize) -> RGBImage {
        guard image.width > 0, image.height > 0, area.columns > 0, area.rows > 0, cell.width > 0, cell.height > 0 else { return image }
        let areaWidth = area.columns * cell.width
        let areaHeight = area.rows * cell.height
        // Compared as cross products, in integers: image wider than the area when w·H > W·h.
        var width = image.width
        var height = image.height
        if image.width * areaHeight > areaWidth * image.height {
            width = max(1, (image.height * areaWidth + areaHeight / 2) / areaHeight)
        } else if image.width * areaHeight < areaWidth * image.height {
            height = max(1, (image.width * areaHeight + areaWidth / 2) / areaWidth)
        }
        guard width != image.width || height != image.height else { return image }
        return Rect(row: (image.height - height) / 2, column: (image.width - width) / 2, width: width, height: height).crop(image)
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
