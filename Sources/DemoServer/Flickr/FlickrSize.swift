/// Flickr's image sizes: the `url_*` extra, the file suffix, the longest edge (or square side) and the label
/// photos.getSizes uses. Note url_s is `_m` and url_l is `_b`, as on Flickr.
struct FlickrSize: Sendable {
    let extra: String
    let suffix: String
    let edge: Int
    let square: Bool
    let label: String
    /// `url_X`, `width_X`, `height_X`: made once, not for every photo of every page.
    let urlKey: String
    let widthKey: String
    let heightKey: String

    init(extra: String, suffix: String, edge: Int, square: Bool, label: String) {
        self.extra = extra
        self.suffix = suffix
        self.edge = edge
        self.square = square
        self.label = label
        urlKey = "url_" + extra
        widthKey = "width_" + extra
        heightKey = "height_" + extra
    }

    static let all: [FlickrSize] = [
        FlickrSize(extra: "sq", suffix: "_s", edge: 75, square: true, label: "Square"),
        FlickrSize(extra: "q", suffix: "_q", edge: 150, square: true, label: "Large Square"),
        FlickrSize(extra: "t", suffix: "_t", edge: 100, square: false, label: "Thumbnail"),
        FlickrSize(extra: "s", suffix: "_m", edge: 240, square: false, label: "Small"),
        FlickrSize(extra: "n", suffix: "_n", edge: 320, square: false, label: "Small 320"),
        FlickrSize(extra: "m", suffix: "", edge: 500, square: false, label: "Medium"),
        FlickrSize(extra: "z", suffix: "_z", edge: 640, square: false, label: "Medium 640"),
        FlickrSize(extra: "c", suffix: "_c", edge: 800, square: false, label: "Medium 800"),
        FlickrSize(extra: "l", suffix: "_b", edge: 1024, square: false, label: "Large"),
        FlickrSize(extra: "h", suffix: "_h", edge: 1600, square: false, label: "Large 1600"),
        FlickrSize(extra: "o", suffix: "_o", edge: originalEdge, square: false, label: "Original"),
    ]

    /// The demo's originals are the photo's own shape at most this long, so rendering one stays quick;
    /// except `fullSizeOriginal`.
    static let originalEdge = 3000

    /// Photos of this size (one in ten of the catalog) serve their original whole, 6000×4000, so the zoomed
    /// viewer has a large original to fetch. It is rendered only when asked for, then cached like every image.
    static let fullSizeOriginal = (width: 6000, height: 4000)

    /// The original has a secret of its own, as on Flickr.
    var isOriginal: Bool { suffix == "_o" }

    static let bySuffix: [String: FlickrSize] = Dictionary(uniqueKeysWithValues: all.map { ($0.suffix, $0) })

    /// Pixel size of this rendition for an original of `width`×`height`.
    func dimensions(width: Int, height: Int) -> (width: Int, height: Int) {
        if square { return (edge, edge) }
        if isOriginal, max(width, height) <= edge || (width, height) == Self.fullSizeOriginal { return (width, height) }
        if width >= height {
            return (edge, max(1, Int((Double(edge) * Double(height) / Double(width)).rounded())))
        }
        return (max(1, Int((Double(edge) * Double(width) / Double(height)).rounded())), edge)
    }

    func url(base: String, photo: DemoPhoto) -> String {
        "\(base)/\(photo.server)/\(photo.idString)_\(isOriginal ? photo.originalSecret : photo.secret)\(suffix).jpg"
    }
}
