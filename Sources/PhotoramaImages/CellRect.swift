/// A rectangle of character cells on the screen, zero-based from the top-left corner: where a protocol
/// picture (kitty, sixel) sits. Plain data so the TUI can map its own rectangles onto it.
public struct CellRect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var columns: Int
    public var rows: Int

    public init(row: Int, column: Int, columns: Int, rows: Int) {
        self.row = row
        self.column = column
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public var isEmpty: Bool { columns == 0 || rows == 0 }

    /// Whether the two share at least one cell.
    public func intersects(_ other: CellRect) -> Bool {
        !isEmpty && !other.isEmpty
            && row < other.row + other.rows && other.row < row + rows
            && column < other.column + other.columns && other.column < column + columns
    }
}
