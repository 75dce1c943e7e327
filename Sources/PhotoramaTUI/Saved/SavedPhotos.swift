import PhotoramaKit
import PhotoramaText

/// Asks the store for the saved photos' count, keys and first page; the browser's runtime calls this once
/// after `start`. The rest of the Saved tab is read a page at a time as the user nears its end.
public func loadSaved(_ state: inout AppState) -> [Effect] {
    let token = state.makeToken()
    state.saved.beginLoad(token: token)
    return [.loadSaved(firstPage: savedPageSize(state), token: token)]
}

/// Three screens (the one in view and two ahead), in whole hundreds: a page read from the local store
/// takes milliseconds, so the network feeds' larger pages for throughput would only slow the tab's opening
/// (each row read decodes its images and tags).
func savedPageSize(_ state: AppState) -> Int {
    let layout = ScreenLayout(state)
    let wanted = (1 + PageSizing.screensAhead) * max(1, layout.gridColumns * layout.visibleRows)
    return (wanted + 99) / 100 * 100
}

/// The Saved tab's next page, when its selection is within two screens of the last photo read (as feeds
/// prefetch) and the store has more.
func loadMoreSavedIfNeeded(_ state: inout AppState, screen: Int) -> Effect? {
    guard let next = state.saved.nextPageStart else { return nil }
    let feed = state.saved.feed
    guard feed.count - 1 - feed.selection <= PageSizing.screensAhead * max(1, screen) else { return nil }
    let token = state.makeToken()
    state.saved.beginPage(token: token)
    return .loadSavedPage(after: next, limit: savedPageSize(state), token: token)
}

/// `s`: saves the selected photo, or unsaves it when it is saved. The mark changes only when the store
/// says the write is durable.
func toggleSaved(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto else { return [] }
    if let reason = state.saved.unavailable {
        state.notice = Notice(text: reason.message, isError: true)
        return []
    }
    // One write at a time per photo: a second `s` before the first is answered would race it.
    guard !state.saved.isWriting(photo) else { return [] }
    let token = state.makeToken()
    state.saved.beginWrite(photo, token: token)
    return state.saved.isSaved(photo) ? [.unsavePhoto(photo.key, token: token)] : [.savePhoto(photo, token: token)]
}

func receiveSaved(_ state: inout AppState, token: RequestToken, result: Result<SavedOverview, SavedStoreError>) {
    if let error = state.saved.receiveOverview(result, token: token) {
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receiveSavedPage(_ state: inout AppState, token: RequestToken, result: Result<SavedPage, SavedStoreError>) {
    if let error = state.saved.receivePage(result, token: token) {
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receivePhotoSaved(_ state: inout AppState, token: RequestToken, result: Result<SavedPhoto, SavedStoreError>) {
    guard let photo = state.saved.finishWrite(token: token) else { return }
    switch result {
    case .success(let saved):
        showSaved(&state, saved.photo, file: saved.downloadPath)
        state.notice = Notice(text: "Saved “\(displayTitle(photo))”", isError: false)
        noteChange(&state, .saved(photo), token: token)
    case .failure(let error):
        state.notice = Notice(text: error.message, isError: true)
        state.undo.failed(token: token)
    }
}

/// The store now holds `photo` (saved with `s`, or by a finished download): the count, the ★ and the Saved
/// tab follow, once per photo. Seen from another tab, the Saved tab opens on its newest photo.
func showSaved(_ state: inout AppState, _ photo: Photo, file: String?) {
    state.saved.add(photo, file: file, showNewest: state.tab != .saved)
}

func receivePhotoUnsaved(_ state: inout AppState, token: RequestToken, result: Result<PhotoKey, SavedStoreError>) {
    guard let photo = state.saved.finishWrite(token: token) else { return }
    switch result {
    case .success(let key):
        state.saved.forget(key)
        state.notice = Notice(text: "Removed “\(displayTitle(photo))”", isError: false)
        noteChange(&state, .unsaved(photo), token: token)
    case .failure(let error):
        state.notice = Notice(text: error.message, isError: true)
        state.undo.failed(token: token)
    }
}

private func displayTitle(_ photo: Photo) -> String {
    let title = Sanitizer.singleLine(photo.title)
    return title.isEmpty ? "Untitled" : title
}

/// A one-line message on the status line until the next key: "Saved “…”", or why something failed.
public struct Notice: Sendable, Equatable {
    public var text: String
    public var isError: Bool
    /// The notice takes the whole status line (answers to o, y, Y, U carry URLs and need the room); otherwise
    /// it follows the feed's progress.
    public var wholeLine = false

    public init(text: String, isError: Bool, wholeLine: Bool = false) {
        self.text = text
        self.isError = isError
        self.wholeLine = wholeLine
    }
}

/// Follow and copy answers are written as plain strings: they take the whole line.
extension Notice: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self.init(text: value, isError: false, wholeLine: true)
    }
}
