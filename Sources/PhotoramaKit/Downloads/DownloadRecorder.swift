/// Told about every finished download, after the file is in place under its final name. The saved-photos
/// store implements it ("a download saves the photo too and records the file's path").
public protocol DownloadRecorder: Sendable {
    /// Records the download; returns why it could not be recorded (one line), nil when it was.
    func downloaded(_ photo: Photo, to path: String) async -> String?
}

/// Records nothing, until the saved-photos store is connected.
public struct NoDownloadRecorder: DownloadRecorder {
    public init() {}
    public func downloaded(_ photo: Photo, to path: String) async -> String? { nil }
}
