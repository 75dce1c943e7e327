import PhotoramaKit

/// `u`: takes back the newest change: a save or a removal from Saved (the store again), a Flickr favourite
/// added or removed (Flickr again, its answer shown; confirmed on the first such undo of a session), a
/// download under way (cancelled). "Undone: …" shows when the change is taken back.
func undoLastChange(_ state: inout AppState) -> [Effect] {
    guard let step = state.undo.last else {
        state.notice = Notice(text: "Nothing to undo", isError: false, wholeLine: true)
        return []
    }
    if step.changesFlickr, state.configuration.confirmFlickrChanges, !state.undo.flickrConfirmed {
        guard state.undo.awaitingConfirmation else {
            state.undo.awaitingConfirmation = true
            let key = KeyLabel.text(state.configuration.keyMap.key(for: .undo))
            state.notice = Notice(
                text: "Undo changes your Flickr account (\(step.description)): \(key) again to confirm", isError: false, wholeLine: true)
            return []
        }
        state.undo.flickrConfirmed = true
    }
    state.undo.awaitingConfirmation = false
    let photo = step.photo
    switch step {
    case .saved, .unsaved:
        guard !state.saved.isWriting(photo) else { return [] }
        let token = state.makeToken()
        _ = state.undo.pop(token: token)
        state.saved.beginWrite(photo, token: token)
        if case .saved = step { return [.unsavePhoto(photo.key, token: token)] }
        return [.savePhoto(photo, token: token)]
    case .favorite(_, let added):
        guard !state.favorites.isWriting(photo) else { return [] }
        let token = state.makeToken()
        _ = state.undo.pop(token: token)
        state.favorites.begin(photo, adding: !added, token: token)
        return [.setFavorite(photo, !added, token: token)]
    case .download(_, let token):
        guard state.downloads.entries.contains(where: { $0.token == token && $0.status.isActive }) else {
            state.undo.drop()
            state.notice = Notice(text: "Cannot undo: the download has ended (\(step.description))", isError: true, wholeLine: true)
            return []
        }
        _ = state.undo.pop(token: nil)
        state.downloads.update(token, .failed(reason: "cancelled"))
        state.notice = Notice(text: "Undone: " + step.description, isError: false, wholeLine: true)
        return [.cancel(token)]
    }
}

/// Where a change becomes durable: records it for `u`, or, when it was an undo, says so in the status line.
func noteChange(_ state: inout AppState, _ step: UndoStep, token: RequestToken) {
    if let undone = state.undo.changed(step, token: token) {
        state.notice = Notice(text: "Undone: " + undone.description, isError: false, wholeLine: true)
    }
}
