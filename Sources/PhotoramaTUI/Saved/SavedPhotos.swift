import PhotoramaKit
import PhotoramaText

/// Asks the store for the saved photos' count, keys and first page; the browser's runtime calls this once
/// after `start`. The rest of the Saved tab is read a page at a time as the user nears its end.
public func loadSaved(_ state: inout AppState) -> [Effect] {
    [state.saved.load(pageSize: savedPageSize(ScreenLayout(state)), tokens: &state.tokens)]
}

/// Three screens (the one in view and two ahead), in whole hundreds: a page read from the local store
/// takes milliseconds, so the network feeds' larger pages for throughput would only slow the tab's opening
/// (each row read decodes its images and tags).
func savedPageSize(_ layout: ScreenLayout) -> Int {
    let wanted = (1 + PageSizing.screensAhead) * max(1, layout.cardsPerScreen)
    return (wanted + 99) / 100 * 100
}

// MARK: - The Saved feature's handlers: its own model, the tokens, and the values they are given
extension SavedModel {
    mutating func load(pageSize: Int, tokens: inout RequestTokens) -> Effect {
        let token = tokens.next()
        beginLoad(token: token)
        return .loadSaved(firstPage: pageSize, token: token)
    }

    /// The Saved tab's next page, when its selection is within two screens of the last photo read (as feeds
    /// prefetch) and the store has more.
    mutating func loadMoreIfNeeded(_ layout: ScreenLayout, tokens: inout RequestTokens) -> Effect? {
        guard let next = nextPageStart else { return nil }
        let screen = layout.cardsPerScreen
        guard feed.count - 1 - feed.selection <= PageSizing.screensAhead * max(1, screen) else { return nil }
        let token = tokens.next()
        beginPage(token: token)
        return .loadSavedPage(after: next, limit: savedPageSize(layout), token: token)
    }

    /// `s` on `photo`: saves it, or unsaves it when it is saved. The mark changes only when the store says
    /// the write is durable.
    mutating func toggle(_ photo: Photo?, tokens: inout RequestTokens) -> Outcome {
        guard let photo else { return .nothing }
        if let reason = unavailable { return .error(reason.message) }
        return .effects(write(photo, saving: !isSaved(photo), tokens: &tokens).map { [$0.effect] } ?? [])
    }

    /// Saves or unsaves `photo`: the store's write and its token, or nil while another write of the photo is
    /// on its way (a second would race it).
    mutating func write(_ photo: Photo, saving: Bool, tokens: inout RequestTokens) -> (effect: Effect, token: RequestToken)? {
        guard !isWriting(photo) else { return nil }
        let token = tokens.next()
        beginWrite(photo, token: token)
        return (saving ? .savePhoto(photo, token: token) : .unsavePhoto(photo.key, token: token), token)
    }

    /// The store's answer. `showNewest`: a photo saved while another tab shows opens the Saved tab on it.
    mutating func receive(_ answer: SavedAnswer, showNewest: Bool) -> Outcome {
        switch answer {
        case .savedLoaded(let token, let result):
            return receiveOverview(result, token: token).map { .error($0.message) } ?? .nothing
        case .savedPageLoaded(let token, let result):
            return receivePage(result, token: token).map { .error($0.message) } ?? .nothing
        case .photoSaved(let token, let result):
            guard let photo = finishWrite(token: token) else { return .nothing }
            switch result {
            case .success(let saved):
                add(saved.photo, file: saved.downloadPath, showNewest: showNewest)
                return Outcome(
                    notice: Notice(text: "Saved “\(displayTitle(photo))”", isError: false), undo: .changed(.saved(photo), token: token))
            case .failure(let error):
                return Outcome(notice: Notice(text: error.message, isError: true), undo: .failed(token: token))
            }
        case .photoUnsaved(let token, let result):
            guard let photo = finishWrite(token: token) else { return .nothing }
            switch result {
            case .success(let key):
                forget(key)
                return Outcome(
                    notice: Notice(text: "Removed “\(displayTitle(photo))”", isError: false), undo: .changed(.unsaved(photo), token: token))
            case .failure(let error):
                return Outcome(notice: Notice(text: error.message, isError: true), undo: .failed(token: token))
            }
        }
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
