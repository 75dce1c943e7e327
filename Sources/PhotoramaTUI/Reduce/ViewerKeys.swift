/// Opens the full-screen viewer on the selected photo (nothing happens on the loading card).
func openViewer(_ state: inout AppState) {
    guard state.currentFeed?.selectedPhoto != nil else { return }
    state.viewerOpen = true
}

/// The viewer: Left/Right (h/l) walk the feed, loading the next page as the grid does; Esc or q go back
/// to the grid with the last viewed photo selected. `?` shows the key bindings over it.
func handleViewerKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard let tab = state.currentFeedTab else {
        state.viewerOpen = false
        return []
    }
    switch key {
    case .escape, .character("q"):
        state.viewerOpen = false
        state.detail.close()
    case .left, .character("h"), .up, .character("k"), .pageUp:
        moveSelection(&state, tab) { $0 - 1 }
    case .right, .character("l"), .down, .character("j"), .pageDown, .character(" "):
        moveSelection(&state, tab) { $0 + 1 }
    case .home, .character("g"):
        moveSelection(&state, tab) { _ in 0 }
    case .character("?"):
        state.overlay = .help(scroll: 0)
    default:
        break
    }
    return []
}
