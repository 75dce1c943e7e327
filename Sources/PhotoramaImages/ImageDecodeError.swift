/// Why bytes could not become pixels. Each has the short text the preview placeholder shows.
public enum ImageDecodeError: Error, Equatable, Sendable {
    /// No bytes at all.
    case empty
    /// Neither JPEG nor PNG (an HTML error page served as image/jpeg, say).
    case notAnImage
    /// Refused from the header alone, before any pixel is decoded.
    case tooLarge(width: Int, height: Int)
    /// A width or height of zero.
    case noPixels
    /// The decoder gave up: truncated data, bad entropy data, an impossible header. `format` is "JPEG" or "PNG".
    case corrupt(format: String)
    /// A valid file we cannot draw (an unknown colour space, say).
    case unsupported(String)

    public var message: String {
        switch self {
        case .empty: "empty image"
        case .notAnImage: "not an image"
        case .tooLarge(let width, let height): "too large: \(width)×\(height)"
        case .noPixels: "image has no pixels"
        case .corrupt(let format): "corrupt \(format)"
        case .unsupported(let what): "unsupported image: \(what)"
        }
    }
}
