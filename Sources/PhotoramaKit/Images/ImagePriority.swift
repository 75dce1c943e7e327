/// How soon an image is needed: requests wait for a free connection in this order (then first come,
/// first served).
public enum ImagePriority: Int, Comparable, Hashable, Sendable {
    /// The selected photo.
    case selected = 0
    /// On screen now.
    case visible = 1
    /// Likely next: the selection's neighbours, the next screen of thumbnails.
    case nearby = 2

    public static func < (a: ImagePriority, b: ImagePriority) -> Bool { a.rawValue < b.rawValue }
}

/// Why an image cannot be shown, in the words of its placeholder: "image unavailable: HTTP 404",
/// "image unavailable: Timed out after 30 s", "not an image", "corrupt JPEG", "too large: 65535×65535".
public struct ImageLoadError: Error, Hashable, Sendable {
    public let message: String

    public init(message: String) { self.message = message }

    /// A failed fetch.
    public init(_ error: PhotoramaError) {
        switch error {
        case .httpStatus(let status): message = "image unavailable: HTTP \(status)"
        default: message = "image unavailable: \(error.message)"
        }
    }
}
