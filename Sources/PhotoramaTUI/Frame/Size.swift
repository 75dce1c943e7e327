/// A terminal's size in character cells.
public struct Size: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A rectangle of cells on the screen (row and column of its top-left corner).
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let empty = Rect(row: 0, column: 0, width: 0, height: 0)

    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(row r: Int, column c: Int) -> Bool {
        r >= row && r < row + height && c >= column && c < column + width
    }
}
