import PhotoramaKit

/// One download the browser started, with where it stands.
public struct DownloadEntry: Sendable {
    public enum Status: Sendable, Equatable {
        /// Running (or waiting for a slot); progress once bytes arrive.
        case active(DownloadProgress?)
        case finished(path: String)
        case failed(reason: String)

        var isActive: Bool {
            if case .active = self { return true }
            return false
        }
    }

    public let token: RequestToken

    public let photo: PhotoKey
    /// The photo itself: a finished download saves it, and the Saved tab shows it at once.
    let item: Photo
    /// Sanitized once, for drawing.
    var title: String
    public internal(set) var status: Status
}

/// Every download of this session, oldest first: the status line shows the newest active one, the
/// downloads overlay (`D`) lists them all.
public struct DownloadsModel: Sendable {
    public internal(set) var entries: [DownloadEntry] = []

    var active: [DownloadEntry] {
        entries.filter { $0.status.isActive }
    }

    func isActive(_ key: PhotoKey) -> Bool {
        active.contains { $0.photo == key }
    }

    mutating func update(_ token: RequestToken, _ status: DownloadEntry.Status) {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return }
        // A late progress report never turns a finished download back into an active one.
        if status.isActive, !entries[index].status.isActive { return }
        entries[index].status = status
    }

    /// "↓ 42% 3.1/7.4 MB 12.5 MB/s" for the newest active download ("+2" when more run), else the
    /// outcome of the last one to end; empty when there were none.
    var statusText: String {
        let running = active
        if let newest = running.last {
            let more = running.count > 1 ? " +\(running.count - 1)" : ""
            if case .active(let progress) = newest.status, let progress { return "↓ \(progress.text)\(more)" }
            return "↓ starting…\(more)"
        }
        switch entries.last?.status {
        case .finished: return "↓ done · D downloads"
        case .failed(let reason): return "↓ failed: \(reason)"
        default: return ""
        }
    }
}
