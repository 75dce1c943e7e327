/// Why a picture cannot be shown, as the placeholder (or `show`'s one line) says it: "image unavailable:
/// HTTP 404", "corrupt JPEG".
public struct ImageFailure: Error, Hashable, Sendable {
    public let message: String
    public init(message: String) { self.message = message }

    public init(_ error: ImageDecodeError) {
        self.init(message: error.message)
    }
}
