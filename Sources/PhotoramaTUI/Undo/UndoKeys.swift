import PhotoramaKit

/// `u`: takes back the newest change: a save or a removal from Saved (the store again), a Flickr favourite
/// added or removed (Flickr again, its answer shown; confirmed on the first such undo of a session), a
/// download under way (cancelled). "Undone: …" shows when the change is taken back. Undo reaches into the
/// feature that made the change, through that feature's own functions.
func undoLastChange(_ state: inout AppState) -> [Effect] {
    let undoKey = KeyLabel.text(state.configuration.keyMap.key(for: .undo))
    let step: UndoStep
    switch state.undo.turn(confirmFlickrChanges: state.configuration.confirmFlickrChanges, undoKey: undoKey) {
    case .tell(let notice):
        return state.apply(Outcome(notice: notice))
    case .takeBack(let taken):
        step = taken
    }
    switch step {
    case .saved(let photo), .unsaved(let photo):
        let saving = if case .unsaved = step { true } else { false }
        guard let (effect, token) = state.saved.write(photo, saving: saving, tokens: &state.tokens) else { return [] }
        _ = state.undo.pop(token: token)
        return [effect]
    case .favorite(let photo, let added):
        guard let (effect, token) = state.favorites.write(photo, adding: !added, tokens: &state.tokens) else { return [] }
        _ = state.undo.pop(token: token)
        return [effect]
    case .download(_, let token):
        guard state.downloads.cancel(token) else {
            state.undo.drop()
            return state.apply(
                Outcome(notice: Notice(text: "Cannot undo: the download has ended (\(step.description))", isError: true, wholeLine: true)))
        }
        _ = state.undo.pop(token: nil)
        return state.apply(
            Outcome(effects: [.cancel(token)], notice: Notice(text: "Undone: " + step.description, isError: false, wholeLine: true)))
    }
}
