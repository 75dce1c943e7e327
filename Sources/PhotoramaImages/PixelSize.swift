/// A size in pixels: an image's, or a terminal cell's. Kept apart from `CellSize` because the units differ.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
