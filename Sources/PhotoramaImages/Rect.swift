/// One rectangle on a grid, zero-based from the grid's top-left corner (row and column of its top-left unit);
/// `width` and `height` count the grid's units. The grid is the screen's character cells (its layout and
/// the protocol pictures placed on it) or a picture's pixels (the zoom's regions, in the displayed picture
/// with EXIF orientation applied: see Rect+PictureRegion.swift).
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

    /// Whether the two share at least one unit of the grid.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && row < other.row + other.height && other.row < row + height
            && column < other.column + other.width && other.column < column + width
    }
}
