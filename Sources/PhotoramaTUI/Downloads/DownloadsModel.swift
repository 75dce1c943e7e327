import PhotoramaKit
import PhotoramaText

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
    public fileprivate(set) var status: Status
}

/// The downloads of this session, oldest first: the status line shows the newest active one, the
/// downloads overlay (`D`) lists them. Every running download is kept, and the newest `keptEnded` that
/// ended: a browser left open for days must not grow with every photo it ever downloaded.
public struct DownloadsModel: Sendable {
    public private(set) var entries: [DownloadEntry] = []
    /// Session totals, so the overlay still counts what was dropped from the list.
    public private(set) var finishedCount = 0
    public private(set) var failedCount = 0

    /// An entry holds its photo (title, owner, URLs): 500 are a few hundred kilobytes, and more screens
    /// of history than anyone scrolls through.
    static let keptEnded = 500

    /// `d`: a download of `photo` starts with `token`, listed under its sanitized title.
    mutating func start(_ photo: Photo, token: RequestToken) {
        let title = Sanitizer.singleLine(photo.title)
        entries.append(
            DownloadEntry(token: token, photo: photo.key, item: photo, title: title.isEmpty ? "Untitled" : title, status: .active(nil)))
    }

    var active: [DownloadEntry] {
        entries.filter { $0.status.isActive }
    }

    func isActive(_ key: PhotoKey) -> Bool {
        active.contains { $0.photo == key }
    }

    /// Cancels the download under `token` if it still runs (`u`); false when it has ended.
    mutating func cancel(_ token: RequestToken) -> Bool {
        guard entries.contains(where: { $0.token == token && $0.status.isActive }) else { return false }
        update(token, .failed(reason: "cancelled"))
        return true
    }

    mutating func update(_ token: RequestToken, _ status: DownloadEntry.Status) {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return }
        // A late progress report never turns a finished download back into an active one.
        if status.isActive, !entries[index].status.isActive { return }
        let ends = entries[index].status.isActive && !status.isActive
        entries[index].status = status
        guard ends else { return }
        if case .finished = status { finishedCount += 1 } else { failedCount += 1 }
        dropOldEnded(keeping: token)
    }

    /// Drops the oldest ended entries beyond `keptEnded`, never `token`'s: the reducer still needs the
    /// entry that just ended (a long download can be older than hundreds that ended after it started).
    private mutating func dropOldEnded(keeping token: RequestToken) {
        var excess = entries.count(where: { !$0.status.isActive }) - Self.keptEnded
        guard excess > 0 else { return }
        var kept: [DownloadEntry] = []
        kept.reserveCapacity(entries.count - excess)
        for entry in entries {
            if excess > 0, !entry.status.isActive, entry.token != token {
                excess -= 1
            } else {
                kept.append(entry)
            }
        }
        entries = kept
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
