import PhotoramaScreen

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
    switch state.overlay {
    case .help(let scroll):
        let total = HelpLines.lines(for: state.configuration.keyMap, width: ScreenLayout(state).body.width).count
        state.overlay = .help(scroll: clampScroll(scroll, delta, total: total, visible: visible))
    case .networkLog(let scroll):
        let total = state.networkLog.count
        state.overlay = .networkLog(scroll: clampScroll(scroll, delta, total: total, visible: visible))
    case .downloads(let scroll):
        let total = state.downloads.entries.count
        state.overlay = .downloads(scroll: clampScroll(scroll, delta, total: total, visible: visible))
    case .comments(var model):
        model.scroll(by: delta)
        state.overlay = .comments(model)
        return loadMoreCommentsIfNeeded(&state, visible: max(1, visible / 3))
    case nil:
        break
    }
    return []
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
