import PhotoramaKit
import PhotoramaText

/// `f`: marks the selected photo as a Flickr favourite of the signed-in account, or unmarks it. The ♥
/// shows at once; if Flickr refuses (a read-only sign-in: code 99), it goes and the status line says why.
func toggleFavorite(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto else { return [] }
    guard photo.provider == .flickr else {
        state.notice = Notice(text: "Only Flickr photos can be Flickr favourites", isError: true)
        return []
    }
    guard state.configuration.signedIn else {
        state.notice = Notice(text: state.configuration.signInProblem ?? FlickrAPI.notSignedIn.message, isError: true, wholeLine: true)
        return []
    }
    // One write at a time per photo: a second `f` before the first is answered would race it.
    guard !state.favorites.isWriting(photo) else { return [] }
    let adding = !state.favorites.isFavorite(photo)
    let token = state.makeToken()
    state.favorites.begin(photo, adding: adding, token: token)
    return [.setFavorite(photo, adding, token: token)]
}

func receiveFavoriteSet(_ state: inout AppState, token: RequestToken, result: Result<Void, PhotoramaError>) {
    let succeeded = if case .success = result { true } else { false }
    guard let write = state.favorites.finish(token: token, succeeded: succeeded) else { return }
    let title = Sanitizer.singleLine(write.photo.title)
    let name = "“\(title.isEmpty ? "Untitled" : title)”"
    switch result {
    case .success:
        state.notice = Notice(
            text: write.adding ? "♥ \(name) is a Flickr favourite" : "\(name) is no longer a Flickr favourite", isError: false)
        noteChange(&state, .favorite(write.photo, added: write.adding), token: token)
    case .failure(let error):
        // Flickr's reason is long ("Insufficient permissions. Method requires write privileges; …"): the whole line.
        let text = (write.adding ? "Not a favourite: " : "Still a favourite: ") + error.message
        state.notice = Notice(text: text, isError: true, wholeLine: true)
        state.undo.failed(token: token)
    }
}
