import Foundation

/// A photo the user saved: everything needed to show it offline, when it was saved and, once it has
/// been downloaded, where the file is.
public struct SavedPhoto: Sendable, Hashable {
    public var photo: Photo
    /// Milliseconds since 1970 (UTC): whole milliseconds, so a saved time survives SQLite and JSON exactly.
    public var savedAtMilliseconds: Int64
    /// The downloaded file's path; nil until a download finishes.
    public var downloadPath: String?

    public init(photo: Photo, savedAtMilliseconds: Int64, downloadPath: String? = nil) {
        self.photo = photo
        self.savedAtMilliseconds = savedAtMilliseconds
        self.downloadPath = downloadPath
    }

    public var key: PhotoKey { photo.key }

    /// The current time in whole milliseconds.
    public static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
