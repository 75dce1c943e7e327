import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// Help, comments and the network log: Esc (or their own key) closes, the vertical keys scroll.
func handleOverlayKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard let overlay = state.overlay else { return [] }
    if action == .quit { return [.quit] }
    let page = max(1, ScreenLayout(state).body.height - 2)
    let delta: Int
    switch (key, action) {
    case (.escape, _):
        state.overlay = nil
        return []
    case (.up, _), (_, .up?), (.shiftUp, _), (_, .detailUp?): delta = -1
    case (.down, _), (_, .down?), (.shiftDown, _), (_, .detailDown?): delta = 1
    case (.pageUp, _): delta = -page
    case (.pageDown, _): delta = page
    case (.home, _), (_, .first?): delta = Int.min / 2
    // G is the bottom of a list, as in vi: the gallery's key elsewhere.
    case (.end, _), (_, .gallery?): delta = Int.max / 2
    default:
        switch (overlay, key) {
        case (.help, .action(.help)), (.comments, .action(.comments)), (.networkLog, .action(.networkLog)),
            (.downloads, .action(.downloads)):
            state.overlay = nil
        default:
            break
        }
        return []
    }
    return scrollOverlay(&state, by: delta)
}

/// Scrolls the open overlay, and loads more comments when their list nears its end.
func scrollOverlay(_ state: inout AppState, by delta: Int) -> [Effect] {
    let visible = max(1, ScreenLayout(state).body.height - 2)
    let total = state.overlayLength
    return state.overlay?.scroll(by: delta, visible: visible, total: total, tokens: &state.tokens) ?? []
}

// MARK: - The overlays, as functions of their own
extension Overlay {
    /// Scrolls by `delta` rows of `visible`, over a list of `total` rows (`AppState.overlayLength`); the
    /// comments keep their own count and ask for their next page near the end.
    mutating func scroll(by delta: Int, visible: Int, total: Int, tokens: inout RequestTokens) -> [Effect] {
        switch self {
        case .help(let scroll):
            self = .help(scroll: clampScroll(scroll, delta, total: total, visible: visible))
        case .networkLog(let scroll):
            self = .networkLog(scroll: clampScroll(scroll, delta, total: total, visible: visible))
        case .downloads(let scroll):
            self = .downloads(scroll: clampScroll(scroll, delta, total: total, visible: visible))
        case .comments(var model):
            model.scroll(by: delta)
            let effects = model.loadMoreIfNeeded(visible: max(1, visible / 3), tokens: &tokens)
            self = .comments(model)
            return effects
        }
        return []
    }

    /// A page of comments arrived; only the comments overlay asking with `token` takes it.
    mutating func receiveComments(token: RequestToken, page: Int, _ result: Result<Page<PhotoComment>, PhotoramaError>) {
        guard case .comments(var model) = self, model.token == token else { return }
        model.receive(token: token, page: page, result)
        self = .comments(model)
    }
}

extension Overlay {
    /// `c`: the comments on `photo`, asking for their first page.
    static func comments(on photo: Photo, tokens: inout RequestTokens) -> (Overlay, [Effect]) {
        let title = Sanitizer.singleLine(photo.title)
        var comments = CommentsModel(photo: photo.key, title: title.isEmpty ? "Untitled" : title)
        let effects = comments.loadMoreIfNeeded(visible: 1, tokens: &tokens)
        return (.comments(comments), effects)
    }
}

extension CommentsModel {
    /// Asks for the next page when the list is scrolled to within `visible` comments of its end.
    mutating func loadMoreIfNeeded(visible: Int, tokens: inout RequestTokens) -> [Effect] {
        guard needsMore(visible: visible) else { return [] }
        let token = tokens.next()
        let page = beginLoading(token)
        return [.loadComments(photo, page: page, token: token)]
    }
}

extension AppState {
    /// The rows of the open overlay's list that the root knows: help's lines at this width, the request
    /// log's entries, the downloads; 0 for the comments, which count their own. Read only.
    var overlayLength: Int {
        switch overlay {
        case .help: HelpLines.lines(for: configuration.keyMap, width: ScreenLayout(self).body.width).count
        case .networkLog: networkLog.count
        case .downloads: downloads.entries.count
        case .comments, nil: 0
        }
    }
}

func clampScroll(_ scroll: Int, _ delta: Int, total: Int, visible: Int) -> Int {
    max(0, min(scroll.addingClamped(delta), total - visible))
}

extension Int {
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : sum
    }
}
