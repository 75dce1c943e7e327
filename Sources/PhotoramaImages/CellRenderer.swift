/// Pixels to character cells.
public enum CellRenderer {
    /// The cells an image of `imageSize` takes inside `columns` × `rows` with its aspect ratio kept,
    /// a cell being one pixel wide and two high (half blocks) of a square-pixel image. At least 1×1
    /// when the area is not empty.
    public static func fittedSize(_ imageSize: PixelSize, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard columns > 0, rows > 0, imageSize.width > 0, imageSize.height > 0 else { return (0, 0) }
        let scale = min(Double(columns) / Double(imageSize.width), Double(rows * 2) / Double(imageSize.height))
        let fittedColumns = min(columns, max(1, Int((Double(imageSize.width) * scale).rounded())))
        let fittedRows = min(rows, max(1, Int((Double(imageSize.height) * scale / 2).rounded())))
        return (fittedColumns, fittedRows)
    }

    /// `image` drawn in exactly `columns` × `rows` cells (fit first with `fittedSize`).
    public static func render(_ image: RGBImage, columns: Int, rows: Int, drawing: ImageDrawing) -> CellImage {
        // Placeholder until the renderer lands (engineer C): blank cells.
        CellImage(columns: columns, rows: rows, cells: [])
    }
}
