import PhotoramaImages
import PhotoramaKit

/// The viewer's zoom on the selected photo: the step (0 fits), where the view's middle is, the renditions
/// Flickr's getSizes adds to the feed's, and which renditions' zoomed pictures have arrived. The state
/// belongs to one photo (`photo`); for any other it is inert, so walking the feed fits again.
public struct ViewerZoom: Equatable, Sendable {
    public private(set) var photo: PhotoKey?
    public private(set) var step = 0
    public private(set) var centre = ZoomCentre.middle
    /// getSizes' answer for `photo` (Flickr: up to the original); empty until it comes or for 500px.
    public private(set) var sizes: [PhotoImage] = []
    /// The getSizes request in flight or answered, so it is asked once a photo.
    public private(set) var sizesToken: RequestToken?
    /// Addresses of the renditions whose zoomed pictures arrived: the best of them stands in while a larger loads.
    public private(set) var held: Set<String> = []
    /// The zoomed picture that arrived last, drawn while the pictures for a new region load.
    public private(set) var lastPicture: ImageRequest?
    /// Where a drag (button held, pointer moving) was last seen, in cells.
    public private(set) var dragFrom: CellPoint?

    public init() {}

    /// Zoomed in on this photo (anything but fit).
    public func isZoomed(_ key: PhotoKey?) -> Bool { key != nil && key == photo && step > 0 }

    /// Starts over (fit, nothing held) when `key` is another photo than the one zoomed.
    mutating func follow(_ key: PhotoKey) {
        if photo != key { self = ViewerZoom(photo: key) }
    }

    private init(photo: PhotoKey) { self.photo = photo }

    // MARK: - Zoom and pan
    /// `by` steps in (positive) or out, about the view's middle, between fit and 1:1.
    mutating func zoom(by steps: Int, _ geometry: ZoomGeometry) {
        step = min(max(0, min(step, geometry.maxStep) + steps), geometry.maxStep)
        centre = step == 0 ? .middle : geometry.clamped(centre, step: step)
        dragFrom = nil
    }

    /// As `zoom(by:)`, keeping the photo's point under the view pixel `pixel` where it is (the wheel at the pointer).
    mutating func zoom(by steps: Int, at pixel: (x: Double, y: Double), _ geometry: ZoomGeometry) {
        let old = min(step, geometry.maxStep)
        let point = geometry.sourcePoint(atView: pixel, step: old, centre: centre)
        step = min(max(0, old + steps), geometry.maxStep)
        centre = step == 0 ? .middle : geometry.centre(keeping: point, atView: pixel, step: step)
    }

    /// `0`: fits again.
    mutating func fit() {
        step = 0
        centre = .middle
        dragFrom = nil
    }

    /// Moves the view by `thirds` of its width (`x`) and height (`y`), kept inside the photo.
    mutating func pan(x: Int, y: Int, _ geometry: ZoomGeometry) {
        let size = geometry.regionSize(step: step)
        let moved = ZoomCentre(
            x: centre.x + Double(x * size.width) / 3 / Double(max(1, geometry.full.width)),
            y: centre.y + Double(y * size.height) / 3 / Double(max(1, geometry.full.height)))
        centre = geometry.clamped(moved, step: step)
    }

    /// Moves the view by `pixels` of the view (a drag: the photo follows the pointer), kept inside the photo.
    mutating func drag(by pixels: (x: Double, y: Double), _ geometry: ZoomGeometry) {
        let scale = geometry.scale(step: step)
        let moved = ZoomCentre(
            x: centre.x - pixels.x / scale / Double(max(1, geometry.full.width)),
            y: centre.y - pixels.y / scale / Double(max(1, geometry.full.height)))
        centre = geometry.clamped(moved, step: step)
    }

    mutating func pointer(at cell: CellPoint?) { dragFrom = cell }

    // MARK: - Renditions and pictures
    /// getSizes is asked for with `token`.
    mutating func beginSizes(_ token: RequestToken) { sizesToken = token }

    /// getSizes answered; a failure costs only the larger sizes.
    mutating func receiveSizes(token: RequestToken, _ result: Result<[PhotoImage], PhotoramaError>) -> Bool {
        guard token == sizesToken, case .success(let images) = result else { return false }
        sizes = images
        return true
    }

    /// A zoomed picture of this photo arrived: its rendition is held, and it is the latest drawn.
    mutating func pictureArrived(_ request: ImageRequest, renditions: [PhotoImage]) -> Bool {
        guard request.zoom != nil, renditions.contains(where: { $0.address == request.url.absoluteString }) else { return false }
        held.insert(request.url.absoluteString)
        lastPicture = request
        return true
    }

    /// The renditions a zoom can use, smallest first: the feed's and getSizes', squares left out.
    func renditions(of photo: Photo) -> [PhotoImage] {
        var byAddress: [String: PhotoImage] = [:]
        for image in Array(photo.renditions) + sizes where !image.size.isSquare { byAddress[image.address] = image }
        return byAddress.values.sorted { ($0.longestEdge, $0.size, $0.address) < ($1.longestEdge, $1.size, $1.address) }
    }

    /// The smallest rendition whose longer edge holds `edge` pixels, else the largest.
    public static func rendition(holding edge: Int, among renditions: [PhotoImage]) -> PhotoImage? {
        renditions.first { $0.longestEdge >= edge } ?? renditions.last
    }
}

extension ViewerZoom {
    /// How the caption names a rendition: "Large 1024", "Original 6000×4000".
    public static func name(_ image: PhotoImage) -> String {
        let size = image.width.flatMap { width in image.height.map { "\(width)×\($0)" } }
        switch image.size {
        case .original: return ["Original", size].compactMap { $0 }.joined(separator: " ")
        case .square75, .square150: return "Square \(image.longestEdge)"
        case .thumbnail100: return "Thumbnail \(image.longestEdge)"
        case .small240, .small320: return "Small \(image.longestEdge)"
        case .medium500, .medium640, .medium800: return "Medium \(image.longestEdge)"
        case .large1024, .large1600, .large2048: return "Large \(image.longestEdge)"
        }
    }
}

/// A cell on screen (0-based row and column).
public struct CellPoint: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
