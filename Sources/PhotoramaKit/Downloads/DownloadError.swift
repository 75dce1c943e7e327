/// Why a download failed, each with one line for the status line or stderr. Texts are redacted when made.
public enum DownloadError: Error, Equatable, Sendable {
    /// The request failed, or the connection broke and resuming did not help.
    case network(PhotoramaError)
    /// The disk (or quota) is full; the partial file was removed to give the space back.
    case diskFull(file: String)
    /// Any other file system error: the folder cannot be created, a file cannot be written.
    case fileSystem(String)
    /// The body ended with a different size than the server announced.
    case lengthMismatch(expected: Int64, received: Int64)
    /// The bytes are not a JPEG, PNG, GIF or WebP image.
    case notAnImage
    /// The service lists no image for the photo, or not the size asked for.
    case noImage(String)
    case cancelled

    public var message: String {
        switch self {
        case .network(let error): return error.message
        case .diskFull(let file): return "Disk full while writing \(file); the partial file was removed"
        case .fileSystem(let detail): return detail
        case .lengthMismatch(let expected, let received):
            return "Incomplete download: the server announced \(expected) bytes and sent \(received)"
        case .notAnImage: return "The server did not send an image (not JPEG, PNG, GIF or WebP)"
        case .noImage(let detail): return detail
        case .cancelled: return "Cancelled"
        }
    }
}
