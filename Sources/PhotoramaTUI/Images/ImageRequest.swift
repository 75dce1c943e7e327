import Foundation
import PhotoramaImages

/// A picture the screen wants: one rendition of a photo, drawn a way, fitted into an area of cells.
/// Two views that want the same picture at the same size share one request and one result.
public struct ImageRequest: Hashable, Sendable {
    public var url: URL
    /// The area the picture must fit in; the drawn image keeps its aspect ratio and may be smaller.
    public var columns: Int
    public var rows: Int
    public var drawing: ImageDrawing

    public init(url: URL, columns: Int, rows: Int, drawing: ImageDrawing) {
        self.url = url
        self.columns = columns
        self.rows = rows
        self.drawing = drawing
    }

    /// The pixels the decoder must cover: half blocks carry two pixels a cell, one above the other.
    public var pixelTarget: PixelSize { PixelSize(width: max(1, columns), height: max(1, rows * 2)) }
}

/// How urgent a picture is; lower first. The selected photo before its neighbours.
public enum ImageUrgency: Int, Comparable, Hashable, Sendable {
    case selected = 0
    case visible = 1
    case nearby = 2

    public static func < (a: ImageUrgency, b: ImageUrgency) -> Bool { a.rawValue < b.rawValue }
}

/// Where a wanted picture is: on its way, drawn, or impossible (with the placeholder's reason).
public enum ImageStatus: Hashable, Sendable {
    case loading(RequestToken)
    case ready(CellImage)
    case failed(String)
}
