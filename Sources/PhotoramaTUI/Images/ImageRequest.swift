import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen

/// A picture the screen wants: one rendition of a photo, drawn a way, fitted into an area of cells.
/// Two views that want the same picture at the same size share one request and one result.
public struct ImageRequest: Hashable, Sendable {
    public var url: URL
    /// The area the picture must fit in; the drawn image keeps its aspect ratio and may be smaller.
    public var columns: Int
    public var rows: Int
    public var drawing: ImageDrawing
    /// The photo's downloaded file: decoded instead of fetching `url`, which is only the fallback when the
    /// file is gone or damaged. nil: fetch `url`.
    public var file: String?
    /// The world map's picture (graphics protocols only): drawn from this instead of fetching `url`,
    /// which is then `mapURL`.
    public var map: MapPictureSpec?
    /// The picture fills the area, cropped around its centre (the grid's cards after `F`), instead of fitting in it.
    public var fill = false
    /// A zoomed picture (the viewer after `+`): only this region of the photo, drawn from `url`'s rendition.
    public var zoom: ZoomSpec?
    /// The viewer's picture: an animated GIF comes with all its frames (`.animationLoaded`), or for kitty as
    /// one picture that carries the animation; elsewhere a GIF is its first frame.
    public var animated = false
    /// The terminal cell in pixels a graphics protocol's picture is drawn for; nil: the drawer's own
    /// (cells, half blocks and the like do not depend on it).
    public var cell: PixelSize?

    public init(url: URL, columns: Int, rows: Int, drawing: ImageDrawing, file: String? = nil) {
        self.url = url
        self.columns = columns
        self.rows = rows
        self.drawing = drawing
        self.file = file
    }

    /// The map picture's request: `map` drawn over `columns` × `rows` cells.
    public init(map: MapPictureSpec, columns: Int, rows: Int, drawing: ImageDrawing) {
        self.init(url: Self.mapURL, columns: columns, rows: rows, drawing: drawing)
        self.map = map
    }

    /// Names the map's picture where a URL is expected (log lines, caches keyed by URL never see it).
    public static let mapURL = URL(fileURLWithPath: "/photorama-world-map")

    /// The pixels the decoder must cover: half blocks carry two pixels a cell, one above the other, finer
    /// symbols their grid; a graphics protocol as many as the terminal's cells have (`cell`).
    public func pixelTarget(cell: PixelSize) -> PixelSize {
        let perCell = PixelFit.samples(for: drawing, terminalCell: cell)
        return PixelSize(width: max(1, columns * perCell.width), height: max(1, rows * perCell.height))
    }
}

/// Where a wanted picture is: on its way, drawn, or impossible (with the placeholder's reason).
public enum ImageStatus: Hashable, Sendable {
    case loading(RequestToken)
    case ready(Picture)
    case failed(String)
}

extension ImageStatus? {
    /// The picture is drawn or has failed: nothing more will come for it (nil: not even asked for yet).
    var isSettled: Bool {
        switch self {
        case .ready, .failed: true
        case .loading, nil: false
        }
    }
}

/// A picture ready to draw: cells (half blocks, ASCII), or pixels for a graphics protocol.
public enum Picture: Hashable, Sendable {
    case cells(CellImage)
    case pixels(PixelPicture)
}
