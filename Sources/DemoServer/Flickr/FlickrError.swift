/// A Flickr `stat: fail` answer (always HTTP 200).
struct FlickrError: Error, Sendable, Equatable {
    let code: Int
    let message: String

    static let invalidKey = FlickrError(code: 100, message: "Invalid API Key (Key has invalid format)")
    static let unavailable = FlickrError(code: 105, message: "Service currently unavailable")
    static let parameterless = FlickrError(
        code: 3, message: "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.")
    static let excessiveOffset = FlickrError(code: 20, message: "Excessive photo offset in search")
    static let photoNotFound = FlickrError(code: 1, message: "Photo not found")
    static let userNotFound = FlickrError(code: 1, message: "User not found")
    static let unknownUserInSearch = FlickrError(code: 2, message: "Unknown user")
    static let galleryNotFound = FlickrError(code: 1, message: "Invalid gallery ID")

    static func formatNotFound(_ format: String) -> FlickrError { FlickrError(code: 111, message: "Format \"\(format)\" not found") }
    static func methodNotFound(_ method: String) -> FlickrError { FlickrError(code: 112, message: "Method \"\(method)\" not found") }
}
