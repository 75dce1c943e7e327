import PhotoramaKit

/// Asks the store for every saved photo; the browser's runtime calls this once after `start`.
public func loadSaved(_ state: inout AppState) -> [Effect] {
    let token = state.makeToken()
    state.saved.loadToken = token
    return [.loadSaved(token: token)]
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

func receiveSaved(_ state: inout AppState, token: RequestToken, result: Result<[SavedPhoto], SavedStoreError>) {
    guard state.saved.loadToken == token else { return }
    state.saved.loadToken = nil
    switch result {
    case .success(let saved):
        state.saved.loaded = true
        let photos = saved.map(\.photo)
        // Saves answered before the list arrived are in it already (the store is the truth).
        state.saved.keys = Set(photos.map(\.key))
        state.saved.feed.replaceAll(photos)
    case .failure(let error):
        state.saved.unavailable = error
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receivePhotoSaved(_ state: inout AppState, token: RequestToken, result: Result<SavedPhoto, SavedStoreError>) {
    guard let photo = state.saved.pending.removeValue(forKey: token) else { return }
    switch result {
    case .success(let saved):
        state.saved.keys.insert(saved.key)
        state.saved.feed.insertFirst(saved.photo)
        // Seen from another tab, the Saved tab opens on its newest photo.
        if state.tab != .saved {
            state.saved.feed.selection = 0
            state.saved.feed.scrollRow = 0
        }
        state.notice = Notice(text: "Saved “\(displayTitle(photo))”", isError: false)
    case .failure(let error):
        state.notice = Notice(text: error.message, isError: true)
    }
}

func receivePhotoUnsaved(_ state: inout AppState, token: RequestToken, result: Result<PhotoKey, SavedStoreError>) {
    guard let photo = state.saved.pending.removeValue(forKey: token) else { return }
    switch result {
    case .success(let key):
        state.saved.keys.remove(key)
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
