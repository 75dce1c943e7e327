import PhotoramaKit
import PhotoramaScreen

// MARK: - Routing
/// Routes a key to whatever has the keyboard: the search bar, the country field, an overlay, the
/// full-screen detail, then the global keys and the current tab.
func handleKey(_ state: inout AppState, _ pressed: Key) -> [Effect] {
    if pressed == KeyMap.reserved { return [.quit] }
    // The user's bindings apply wherever keys are commands, not where they type text.
    let key: Key
    if isTyping(state) {
        key = pressed
    } else {
        guard let translated = state.configuration.keyMap.translate(pressed) else { return [] }
        key = translated
    }
    // What the key means, looked up once: every handler below matches `(key, action)`.
    let action = KeyAction(defaultKey: key)
    // Ctrl-L repaints the terminal, as in every curses program, whatever has the keyboard.
    if action == .redraw { return [.redraw] }
    // A notice answers the last key; the next one clears it (and withdraws undo's question).
    state.clearNotice()
    if action != .undo { state.undo.withdrawQuestion() }
    // Any key stops a slideshow, and does nothing else.
    if let slideshow = state.viewer.stopSlideshow() {
        return state.apply(Outcome(effects: [.cancel(slideshow.token)], notice: "Slideshow stopped"))
    }
    if state.palette.isOpen { return handlePaletteKey(&state, key, action) }
    if state.searchBar.focused { return handleSearchKey(&state, key, action) }
    if state.overlay != nil { return handleOverlayKey(&state, key, action) }
    if state.viewerOpen { return handleViewerKey(&state, key, action) }
    if state.map != nil { return handleMapKey(&state, key, action) }
    if state.tab == .locations, !state.locations.showingPhotos, state.locations.editing {
        return handleLocationsKey(&state, key, action, typing: true)
    }
    if let effects = handleFollowKey(&state, key, action) { return effects }
    if state.detailOpen, let effects = handleDetailKey(&state, key, action) { return effects }
    if let effects = handleGlobalKey(&state, key, action) { return effects }
    if state.currentFeedTab != nil { return handleGridKey(&state, key, action) }
    if state.tab == .locations { return handleLocationsKey(&state, key, action, typing: false) }
    return []
}

/// The search bar or the country field has the keyboard: keys are text there.
func isTyping(_ state: AppState) -> Bool {
    if state.searchBar.focused || state.palette.isOpen { return true }
    guard state.overlay == nil, !state.viewerOpen else { return false }
    return state.tab == .locations && !state.locations.showingPhotos && state.locations.editing
}

// MARK: - Global keys
/// Keys that mean the same everywhere outside text fields and overlays; nil when the key is not one.
func handleGlobalKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect]? {
    switch (key, action) {
    case (_, .quit?):
        return [.quit]
    case (_, let action?) where action.tab != nil:
        guard let tab = action.tab else { return [] }
        guard state.shownTabs.contains(tab) else {
            return state.apply(Outcome(notice: Notice(text: FlickrAPI.notSignedIn.message, isError: true, wholeLine: true)))
        }
        return selectTab(&state, tab)
    case (_, .nextTab?):
        return selectTab(&state, state.tab(1))
    case (_, .previousTab?):
        return selectTab(&state, state.tab(-1))
    case (_, .search?):
        if state.tab == .locations, !state.locations.showingPhotos {
            state.locations.edit()
        } else {
            state.searchBar.focus()
        }
        return []
    case (_, .help?):
        state.overlay = .help(scroll: 0)
        return []
    case (_, .palette?):
        state.palette.open()
        return []
    case (_, .undo?):
        return undoLastChange(&state)
    case (_, .slideshow?) where state.currentFeed?.selectedPhoto != nil:
        state.viewer.open(on: state.currentFeed?.selectedPhoto)
        return state.viewer.startSlideshow(interval: state.configuration.slideshowInterval, tokens: &state.tokens)
    case (_, .networkLog?):
        state.overlay = .networkLog(scroll: 0)
        return []
    case (_, .downloads?):
        state.overlay = .downloads(scroll: 0)
        return []
    case (_, .map?):
        return openMap(&state)
    case (.escape, _):
        if state.tab == .locations, state.locations.showingPhotos {
            state.locations.showList()
            state.detail.close()
            return []
        }
        return []
    default:
        return nil
    }
}

/// Switches tabs; the first visit to Popular starts its feed, the first visit to Search focuses the bar.
func selectTab(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    state.show(tab)
    state.detail.reset()
    if tab == .search, state.feeds[.search].source == nil { state.searchBar.focus() }
    if tab == .locations, !state.locations.showingPhotos { state.locations.edit() }
    return []
}

// MARK: - Detail
/// The full-screen detail: the detail takes the key (`DetailModel.key`); Enter opens the viewer. Other
/// keys fall through.
func handleDetailKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect]? {
    let page = max(1, ScreenLayout(state).body.height - 1)
    switch state.detail.key(key, action, page: page) {
    case nil: return nil
    case .handled?: break
    case .openViewer?: state.viewer.open(on: state.currentFeed?.selectedPhoto)
    case .scrollDown(let lines)?: state.detail.scrollDown(by: lines, in: state.detailExtent)
    }
    return []
}

// MARK: - Grid
/// The grid: the feed takes the movement keys (`FeedModel.gridMove`) and its refresh; the rest joins the
/// feed's selected photo to the feature it goes to (the detail, the viewer, saved, favourites, downloads).
func handleGridKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard let tab = state.currentFeedTab else { return [] }
    let layout = ScreenLayout(state)
    let columns = layout.gridColumns
    let screen = columns * layout.visibleRows
    if let moved = state.updateFeed(tab, { $0.gridMove(key, action, columns: columns, screen: screen) }) {
        if moved { state.detail.scrollToTop() }
        return []
    }
    // With no photo selected (an empty feed, the card after the last photo) a key meant for one says so: a
    // key that does nothing silently looks like a key that was lost.
    if let action, KeyAction.onSelectedPhoto.contains(action), state.feed(for: tab).selectedPhoto == nil {
        return state.apply(Outcome(notice: Notice(text: KeyAction.noPhotoSelected, isError: false)))
    }
    switch (key, action) {
    case (_, .random?):
        let count = state.feed(for: tab).count
        guard count > 0 else { return [] }
        let index = state.randomIndex(below: count)
        moveSelection(&state, tab) { _ in index }
    case (_, .retry?):
        state.updateFeed(tab) { $0.clearError() }
    case (_, .refresh?):
        var tokens = state.tokens
        defer { state.tokens = tokens }
        return state.updateFeed(tab) { $0.refresh(tokens: &tokens) }
    case (.enter, _):
        if layout.pane.isEmpty, state.feed(for: tab).selectedPhoto != nil {
            state.detail.open()
        } else if !layout.pane.isEmpty {
            state.viewer.open(on: state.currentFeed?.selectedPhoto)
        }
    case (_, .view?):
        state.viewer.open(on: state.currentFeed?.selectedPhoto)
    case (_, .thumbnails?):
        state.toggleThumbnails()
    case (_, .fillCards?):
        state.toggleCardsFill()
    case (.shiftUp, _), (_, .detailUp?):
        state.detail.scrollUp(by: 1)
    case (.shiftDown, _), (_, .detailDown?):
        state.detail.scrollDown(by: 1, in: state.detailExtent)
    case (_, .comments?):
        guard let photo = state.feed(for: tab).selectedPhoto else { return [] }
        let (comments, effects) = Overlay.comments(on: photo, tokens: &state.tokens)
        state.overlay = comments
        return effects
    case (_, .save?):
        let outcome = state.saved.toggle(state.feed(for: tab).selectedPhoto, tokens: &state.tokens)
        return state.apply(outcome)
    case (_, .favorite?):
        let outcome = state.favorites.toggle(
            state.feed(for: tab).selectedPhoto, signedIn: state.configuration.signedIn,
            signInProblem: state.configuration.signInProblem, tokens: &state.tokens)
        return state.apply(outcome)
    case (_, .download?):
        let outcome = state.downloads.download(state.feed(for: tab).selectedPhoto, tokens: &state.tokens)
        return state.apply(outcome)
    case (_, .exif?):
        return state.detail.toggleExif(for: state.feed(for: tab).selectedPhoto, tokens: &state.tokens)
    default:
        break
    }
    return []
}

/// Moves a feed's selection; the detail starts the newly selected photo's text at its top.
func moveSelection(_ state: inout AppState, _ tab: Tab, _ move: (Int) -> Int) {
    let moved = state.updateFeed(tab) { $0.moveSelection(move) }
    if moved { state.detail.scrollToTop() }
}
