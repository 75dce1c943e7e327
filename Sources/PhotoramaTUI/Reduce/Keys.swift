import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

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
    state.notice = nil
    if action != .undo { state.undo.withdrawQuestion() }
    // Any key stops a slideshow, and does nothing else.
    if let slideshow = state.viewer.stopSlideshow() {
        state.notice = "Slideshow stopped"
        return [.cancel(slideshow.token)]
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
            state.notice = Notice(text: FlickrAPI.notSignedIn.message, isError: true, wholeLine: true)
            return []
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
    state.tab = tab
    state.detail.reset()
    if tab == .search, state.feeds[.search].source == nil { state.searchBar.focus() }
    if tab == .locations, !state.locations.showingPhotos { state.locations.edit() }
    return []
}

// MARK: - Detail
/// The full-screen detail: Esc or Enter closes it, the vertical keys scroll it. Other keys fall through.
func handleDetailKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect]? {
    switch (key, action) {
    case (.escape, _):
        state.detail.close()
        return []
    case (.enter, _), (_, .view?):
        state.viewer.open(on: state.currentFeed?.selectedPhoto)
        return []
    case (.up, _), (_, .up?), (.shiftUp, _), (_, .detailUp?):
        state.detail.scrollUp(by: 1)
        return []
    case (.down, _), (_, .down?), (.shiftDown, _), (_, .detailDown?):
        scrollDetail(&state, by: 1)
        return []
    case (.pageUp, _):
        state.detail.scrollUp(by: max(1, ScreenLayout(state).body.height - 1))
        return []
    case (.pageDown, _):
        scrollDetail(&state, by: max(1, ScreenLayout(state).body.height - 1))
        return []
    default:
        return nil
    }
}

/// Scrolls the detail text, stopping when its last line is at the bottom.
func scrollDetail(_ state: inout AppState, by lines: Int) {
    let layout = ScreenLayout(state)
    let area = layout.pane.isEmpty ? layout.body : layout.pane
    guard let photo = state.currentFeed?.selectedPhoto else { return }
    let textHeight = area.height - layout.imagePreview.height
    let total = DetailContent.lines(
        for: photo, width: max(1, area.width - 2), saved: state.saved.isSaved(photo), favorite: state.favorites.isFavorite(photo),
        extras: state.detailExtras(for: photo)
    ).count
    state.detail.scrollDown(by: lines, total: total, height: textHeight)
}

// MARK: - Grid
/// The grid: movement, paging, retry, refresh, random, comments and the detail.
func handleGridKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard let tab = state.currentFeedTab else { return [] }
    let layout = ScreenLayout(state)
    let columns = layout.gridColumns
    let screen = columns * layout.visibleRows
    switch (key, action) {
    case (.left, _), (_, .left?): moveSelection(&state, tab) { $0 % columns > 0 ? $0 - 1 : $0 }
    case (.right, _), (_, .right?):
        moveSelection(&state, tab) { $0 % columns < columns - 1 ? $0 + 1 : $0 }
    case (.up, _), (_, .up?): moveSelection(&state, tab) { $0 >= columns ? $0 - columns : $0 }
    case (.down, _), (_, .down?):
        let last = state.feed(for: tab).maxSelection
        moveSelection(&state, tab) { index in
            if index + columns <= last { return index + columns }
            // The row below exists but is shorter: go to its last card.
            return last / columns > index / columns ? last : index
        }
    case (.pageDown, _):
        let last = state.feed(for: tab).maxSelection
        moveSelection(&state, tab) { index in
            if index + screen <= last { return index + screen }
            return last / columns > index / columns ? last : index
        }
    case (.pageUp, _): moveSelection(&state, tab) { $0 >= screen ? $0 - screen : $0 % columns }
    case (.home, _), (_, .first?): moveSelection(&state, tab) { _ in 0 }
    case (_, .last?):
        let count = state.feed(for: tab).count
        moveSelection(&state, tab) { _ in max(0, count - 1) }
    case (_, .random?):
        let count = state.feed(for: tab).count
        guard count > 0 else { return [] }
        let index = Int.random(in: 0..<count, using: &state.random)
        moveSelection(&state, tab) { _ in index }
    case (_, .retry?):
        state.updateFeed(tab) { $0.clearError() }
    case (_, .refresh?):
        return refresh(&state, tab)
    case (.enter, _):
        if layout.pane.isEmpty, state.feed(for: tab).selectedPhoto != nil {
            state.detail.open()
        } else if !layout.pane.isEmpty {
            state.viewer.open(on: state.currentFeed?.selectedPhoto)
        }
    case (_, .view?):
        state.viewer.open(on: state.currentFeed?.selectedPhoto)
    case (_, .thumbnails?):
        if state.configuration.images != nil { state.cards.toggleThumbnails() }
    case (_, .fillCards?):
        state.cards.toggleFill()
    case (.shiftUp, _), (_, .detailUp?):
        state.detail.scrollUp(by: 1)
    case (.shiftDown, _), (_, .detailDown?):
        scrollDetail(&state, by: 1)
    case (_, .comments?):
        return openComments(&state, tab)
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
        return toggleExif(&state, tab)
    default:
        break
    }
    return []
}

func moveSelection(_ state: inout AppState, _ tab: Tab, _ move: (Int) -> Int) {
    let moved = state.updateFeed(tab) { $0.moveSelection(move) }
    if moved { state.detail.scrollToTop() }
}

/// Ctrl-R, or `quiet` after a stale first page from the cache (see `FeedModel.beginRefresh`).
func refresh(_ state: inout AppState, _ tab: Tab, quiet: Bool = false) -> [Effect] {
    guard state.feed(for: tab).source != nil, state.feed(for: tab).refreshToken == nil else { return [] }
    let token = state.makeToken()
    guard let source = state.updateFeed(tab, { $0.beginRefresh(token: token, quiet: quiet) }) else { return [] }
    return [.refresh(source, token: token)]
}

/// `e`: the selected Flickr photo's EXIF in the detail, or hides it again.
func toggleExif(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto, photo.provider == .flickr else { return [] }
    let (load, cancel) = state.detail.toggleExif(for: photo.key, token: state.makeToken())
    return (cancel.map { [.cancel($0)] } ?? []) + (load.map { [.loadExif(photo.key, token: $0)] } ?? [])
}

func openComments(_ state: inout AppState, _ tab: Tab) -> [Effect] {
    guard let photo = state.feed(for: tab).selectedPhoto else { return [] }
    let title = Sanitizer.singleLine(photo.title)
    var comments = CommentsModel(photo: photo.key, title: title.isEmpty ? "Untitled" : title)
    let effects = comments.loadMoreIfNeeded(visible: 1, tokens: &state.tokens)
    state.overlay = .comments(comments)
    return effects
}
