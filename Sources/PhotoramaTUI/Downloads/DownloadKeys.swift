import PhotoramaKit

/// `d`: downloads the selected photo, unless it is already downloading. The browser never waits: the
/// runtime runs the download and reports progress as actions.
func startDownload(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto, !state.downloads.isActive(photo.key) else { return [] }
    let token = state.makeToken()
    state.downloads.start(photo, token: token)
    _ = state.undo.changed(.download(photo, token: token), token: token)
    return [.download(photo, token: token)]
}
