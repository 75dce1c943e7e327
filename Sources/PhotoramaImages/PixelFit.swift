/// Fitting an image into cells for a graphics protocol, where a cell is `cell` pixels (from TIOCGWINSZ).
public enum PixelFit {
    /// The pixel size to draw `image` at inside `columns` × `rows` cells with its aspect ratio kept, and
    /// the cells that covers (rounded up, never more than the area). Zero when the area or image is empty.
    public static func fit(_ image: PixelSize, columns: Int, rows: Int, cell: PixelSize) -> (pixels: PixelSize, columns: Int, rows: Int) {
        guard image.width > 0, image.height > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else {
            return (PixelSize(width: 0, height: 0), 0, 0)
        }
        let areaWidth = Double(columns * cell.width)
        let areaHeight = Double(rows * cell.height)
        let scale = min(areaWidth / Double(image.width), areaHeight / Double(image.height))
        let width = max(1, min(Int(areaWidth), Int((Double(image.width) * scale).rounded())))
        let height = max(1, min(Int(areaHeight), Int((Double(image.height) * scale).rounded())))
        let coveredColumns = min(columns, (width + cell.width - 1) / cell.width)
        let coveredRows = min(rows, (height + cell.height - 1) / cell.height)
        return (PixelSize(width: width, height: height), coveredColumns, coveredRows)
    }
}

/// Where a protocol picture (kitty, sixel) goes: the whole cells it takes inside an area, aspect ratio
/// kept, and the pixel size that fills exactly those cells, so the terminal never scales it.
extension PixelFit {
    public struct Placement: Hashable, Sendable {
        public var columns: Int
        public var rows: Int
        /// columns × cell width by rows × cell height.
        public var pixels: PixelSize

        public init(columns: Int, rows: Int, pixels: PixelSize) {
            self.columns = columns
            self.rows = rows
            self.pixels = pixels
        }
    }

    /// `imageSize` fitted into `columns` × `rows` cells of `cell` pixels each; nil when either is empty.
    public static func placement(_ imageSize: PixelSize, columns: Int, rows: Int, cell: PixelSize) -> Placement? {
        guard imageSize.width > 0, imageSize.height > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return nil }
        let areaWidth = Double(columns * cell.width), areaHeight = Double(rows * cell.height)
        let scale = min(areaWidth / Double(imageSize.width), areaHeight / Double(imageSize.height))
        let fittedColumns = min(columns, max(1, Int((Double(imageSize.width) * scale / Double(cell.width)).rounded())))
        let fittedRows = min(rows, max(1, Int((Double(imageSize.height) * scale / Double(cell.height)).rounded())))
        return Placement(
            columns: fittedColumns, rows: fittedRows,
            pixels: PixelSize(width: fittedColumns * cell.width, height: fittedRows * cell.height))
    }
}
