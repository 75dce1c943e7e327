import PhotoramaKit
import PhotoramaText

// MARK: - The Favourites feature's handlers: its own model, the tokens, and the values they are given
extension FavoritesModel {
    /// `f`: marks `photo` as a Flickr favourite of the signed-in account, or unmarks it. The ♥ shows at once;
    /// if Flickr refuses (a read-only sign-in: code 99), it goes and the status line says why.
    /// `signInProblem`: why signing in failed, when it did (shown instead of the plain "not signed in").
    mutating func toggle(_ photo: Photo?, signedIn: Bool, signInProblem: String?, tokens: inout RequestTokens) -> Outcome {
        guard let photo else { return .nothing }
        guard photo.provider == .flickr else { return .error("Only Flickr photos can be Flickr favourites") }
        guard signedIn else { return .error(signInProblem ?? FlickrAPI.notSignedIn.message, wholeLine: true) }
        return .effects(write(photo, adding: !isFavorite(photo), tokens: &tokens).map { [$0.effect] } ?? [])
    }

    /// Adds or removes `photo`: Flickr's write and its token, or nil while another write of the photo is on
    /// its way (a second would race it). The mark changes now; the answer keeps it or takes it back.
    mutating func write(_ photo: Photo, adding: Bool, tokens: inout RequestTokens) -> (effect: Effect, token: RequestToken)? {
        guard !isWriting(photo) else { return nil }
        let token = tokens.next()
        begin(photo, adding: adding, token: token)
        return (.setFavorite(photo, adding, token: token), token)
    }

    /// Flickr's answer to `f` (or to its undo).
    mutating func receiveSet(token: RequestToken, result: Result<Void, PhotoramaError>) -> Outcome {
        let succeeded = if case .success = result { true } else { false }
        guard let write = finish(token: token, succeeded: succeeded) else { return .nothing }
        let title = Sanitizer.singleLine(write.photo.title)
        let name = "“\(title.isEmpty ? "Untitled" : title)”"
        switch result {
        case .success:
            let text = write.adding ? "♥ \(name) is a Flickr favourite" : "\(name) is no longer a Flickr favourite"
            return Outcome(
                notice: Notice(text: text, isError: false), undo: .changed(.favorite(write.photo, added: write.adding), token: token))
        case .failure(let error):
            // Flickr's reason is long ("Insufficient permissions. Method requires write privileges; …"): the whole line.
            let text = (write.adding ? "Not a favourite: " : "Still a favourite: ") + error.message
            return Outcome(notice: Notice(text: text, isError: true, wholeLine: true), undo: .failed(token: token))
        }
    }
}
