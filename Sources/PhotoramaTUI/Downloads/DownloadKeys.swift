import PhotoramaKit

// MARK: - The Downloads feature's handlers: its own model, the tokens, and the values they are given
extension DownloadsModel {
    /// `d`: downloads `photo`, unless it is already downloading; `u` can cancel it while it runs. The browser
    /// never waits: the runtime runs the download and reports progress as actions.
    mutating func download(_ photo: Photo?, tokens: inout RequestTokens) -> Outcome {
        guard let photo, !isActive(photo.key) else { return .nothing }
        let token = tokens.next()
        start(photo, token: token)
        return Outcome(effects: [.download(photo, token: token)], undo: .changed(.download(photo, token: token), token: token))
    }
}
