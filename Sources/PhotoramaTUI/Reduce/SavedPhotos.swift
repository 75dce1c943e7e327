import PhotoramaKit
import PhotoramaText

/// Asks the store for the saved photos' count, keys and first page; the browser's runtime calls this once
/// after `start`. The rest of the Saved tab is read a page at a time as the user nears its end.
public func loadSaved(_ state: inout AppState) -> [Effect] {
    let token = state.makeToken()
    state.saved.loadToken = token
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
    guard state.saved.loaded, state.saved.pageToken == nil, !state.saved.pageFailed, let next = state.saved.next else {
        return nil
    }
    let feed = state.saved.feed
    guard feed.count - 1 - feed.selection <= PageSizing.screensAhead * max(1, screen) else { return nil }
    let token = state.makeToken()
    state.saved.pageToken = token
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
    guard !state.saved.pending.values.contains(where: { $0.key == photo.key }) else { return [] }
    let token = state.makeToken()
    state.saved.pending[token] = photo
    return state.saved.isSaved(photo) ? [.unsavePhoto(photo.key, token: token)] : [.savePhoto(photo, token: token)]
}

func receiveSaved(_ state: inout AppState, token: RequestToken, result: Result<SavedOverview, SavedStoreError>) {
    guard state.saved.loadToken == token else { return }
    state.saved.loadToken = nil
    switch result {
    case .success(let overview):
        state.saved.loaded = true
        // Saves answered before the list arrived are in it already (the store is the truth).
        state.saved.keys = overview.keys
        state.saved.total = overview.total
        // Files of downloads that finished before the answer are in it too; none is forgotten.
        state.saved.files.merge(overview.files) { _, stored in stored }
        state.saved.feed.replaceAll(overview.first.photos.map(\.photo))
        state.saved.next = overview.first.next
    case .failure(let error):
        state.saved.unavailable = error
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receiveSavedPage(_ state: inout AppState, token: RequestToken, result: Result<SavedPage, SavedStoreError>) {
    guard state.saved.pageToken == token else { return }
    state.saved.pageToken = nil
    switch result {
    case .success(let page):
        // A photo unsaved while the page was on its way is gone from the keys: it does not come back.
        let keys = state.saved.keys
        state.saved.feed.appendStored(page.photos.map(\.photo).filter { keys.contains($0.key) })
        state.saved.next = page.next
    case .failure(let error):
        state.saved.pageFailed = true
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receivePhotoSaved(_ state: inout AppState, token: RequestToken, result: Result<SavedPhoto, SavedStoreError>) {
    guard let photo = state.saved.pending.removeValue(forKey: token) else { return }
    switch result {
    case .success(let saved):
        showSaved(&state, saved.photo, file: saved.downloadPath)
        state.notice = Notice(text: "Saved “\(displayTitle(photo))”", isError: false)
    case .failure(let error):
        state.notice = Notice(text: error.message, isError: true)
    }
}

/// The store now holds `photo` (saved with `s`, or by a finished download): the count, the ★ and the Saved
/// tab follow, once per photo.
func showSaved(_ state: inout AppState, _ photo: Photo, file: String?) {
    if let file { state.saved.files[photo.key] = file }
    guard state.saved.keys.insert(photo.key).inserted else { return }
    state.saved.total += 1
    state.saved.feed.insertFirst(photo)
    // Seen from another tab, the Saved tab opens on its newest photo.
    if state.tab != .saved {
        state.saved.feed.selection = 0
        state.saved.feed.scrollRow = 0
    }
}

func receivePhotoUnsaved(_ state: inout AppState, token: RequestToken, result: Result<PhotoKey, SavedStoreError>) {
    guard let photo = state.saved.pending.removeValue(forKey: token) else { return }
    switch result {
    case .success(let key):
        if state.saved.keys.remove(key) != nil { state.saved.total = max(0, state.saved.total - 1) }
        // The store forgot the row and the file's path with it.
        state.saved.files[key] = nil
        state.saved.feed.remove(key)
        state.notice = Notice(text: "Removed “\(displayTitle(photo))”", isError: false)
    case .failure(let error):
        state.notice = Notice(text: error.message, isError: true)
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
    /// The notice takes the whole status line (answers to o, y, Y, u carry URLs and need the room); otherwise
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
