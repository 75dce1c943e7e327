import Foundation

/// One rendition of a photo: the size it is, where it is and, when known, its pixel dimensions.
public struct PhotoImage: Sendable, Hashable {
    public var size: ImageSizeClass
    /// The URL as text: a parsed URL is several times larger than its text, and a feed keeps renditions for
    /// thousands of photos (docs/PERFORMANCE.md).
    public private(set) var address: String
    public var width: Int?
    public var height: Int?

    public init(size: ImageSizeClass, url: URL, width: Int? = nil, height: Int? = nil) {
        self.size = size
        self.address = url.absoluteString
        self.width = width
        self.height = height
    }

    /// From text that is a URL's absoluteString (what `PhotoRenditions` stores).
    init(size: ImageSizeClass, address: String, width: Int?, height: Int?) {
        self.size = size
        self.address = address
        self.width = width
        self.height = height
    }

    /// Parsed again when asked for (a selection or a thumbnail, never a whole feed). The text is a URL's own
    /// absoluteString, which always parses; the fallback only keeps this total.
    public var url: URL {
        get { URL(string: address) ?? URL(fileURLWithPath: "/") }
        set { address = newValue.absoluteString }
    }

    /// The longer edge, when both dimensions are known; otherwise the size class's nominal edge.
    public var longestEdge: Int { size.longestEdge(width: width, height: height) }
}

/// Flickr's size classes, ordered from smallest to largest. 500px sizes map onto the nearest.
public enum ImageSizeClass: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case square75 = "sq"
    case square150 = "q"
    case thumbnail100 = "t"
    case small240 = "s"
    case small320 = "n"
    case medium500 = "m"
    case medium640 = "z"
    case medium800 = "c"
    case large1024 = "l"
    case large1600 = "h"
    case large2048 = "k"
    case original = "o"

    /// The `extras` name that asks Flickr for this size's URL ("url_" + raw value).
    public var extra: String { "url_\(rawValue)" }

    /// The suffix in a static image URL: `{id}_{secret}_{suffix}.jpg` (nil: no suffix, the 500 px size).
    /// Note url_s is `_m` and url_l is `_b`.
    public var urlSuffix: String? {
        switch self {
        case .square75: "s"
        case .square150: "q"
        case .thumbnail100: "t"
        case .small240: "m"
        case .small320: "n"
        case .medium500: nil
        case .medium640: "z"
        case .medium800: "c"
        case .large1024: "b"
        case .large1600: "h"
        case .large2048: "k"
        case .original: "o"
        }
    }

    public var nominalLongestEdge: Int {
        switch self {
        case .square75: 75
        case .square150: 150
        case .thumbnail100: 100
        case .small240: 240
        case .small320: 320
        case .medium500: 500
        case .medium640: 640
        case .medium800: 800
        case .large1024: 1024
        case .large1600: 1600
        case .large2048: 2048
        case .original: 4096
        }
    }

    /// The longer of `width` and `height` when both are known; otherwise this class's nominal edge.
    public func longestEdge(width: Int?, height: Int?) -> Int {
        if let width, let height { return max(width, height) }
        return nominalLongestEdge
    }

    public var isSquare: Bool { self == .square75 || self == .square150 }

    public static func < (a: ImageSizeClass, b: ImageSizeClass) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
