/// A size in character cells: a terminal's, an area's, a picture's. Kept apart from `PixelSize` because
/// the units differ (a cell is `CellPixelSize` pixels, or two half-block pixels).
public struct CellSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
