import PhotoramaKit
import PhotoramaText

/// `d`: downloads the selected photo, unless it is already downloading. The browser never waits: the
/// runtime runs the download and reports progress as actions.
func startDownload(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto, !state.downloads.isActive(photo.key) else { return [] }
    let token = state.makeToken()
    let title = Sanitizer.singleLine(photo.title)
    state.downloads.entries.append(
        DownloadEntry(token: token, photo: photo.key, item: photo, title: title.isEmpty ? "Untitled" : title, status: .active(nil)))
    return [.download(photo, token: token)]
}
