import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

// MARK: - Start and reduce
/// The first load: page 1 of the Recent tab. `time`, the runtime's clock, lets prefetch measure the
/// first answer's round trip.
public func start(_ state: inout AppState, at time: Duration? = nil) -> [Effect] {
    guard let time else { return startFeeds(&state) }
    return timed(&state, at: time) { startFeeds(&$0) }
}

/// `body` at `time` for prefetch: the clock advanced first, the page requests it returns noted as sent then.
private func timed(_ state: inout AppState, at time: Duration, _ body: (inout AppState) -> [Effect]) -> [Effect] {
    state.prefetch.advance(to: time)
    let effects = body(&state)
    state.prefetch.noteSent(effects)
    return effects
}

private func startFeeds(_ state: inout AppState) -> [Effect] {
    state.show(.recent)
    if state.configuration.initialTab != .recent { _ = selectTab(&state, state.configuration.initialTab) }
    if let initial = state.configuration.initialFeed {
        // `browse --user/--gallery/--text/--near`: that feed on the Search tab, with the text in the bar.
        state.feeds.replace(.search, with: FeedModel(source: initial.source, query: initial.query))
        state.searchBar.show(initial.query)
        state.show(.search)
    }
    // The favourites' first page, so their ♥ shows in every feed from the start.
    var effects: [Effect] = []
    if state.configuration.signedIn, state.tab != .favorites {
        let token = state.makeToken()
        if let next = state.updateFeed(.favorites, { $0.beginNextPage(token: token) }) {
            effects.append(.loadPage(next.source, page: next.page, token: token))
        }
    }
    return effects + settle(&state)
}

/// Applies one action to the state and returns the work it asks for. Pure and O(what is visible):
/// nothing here walks all loaded photos. Each feature's answers go to that feature's reducer; `settle`
/// runs after anything that can change what is on screen.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let effects: [Effect]
    switch action {
    case .timed(let action, let time):
        return timed(&state, at: time) { state in
            switch action {
            case .feed(.pageLoaded(let token, _, _)), .feed(.refreshLoaded(let token, _)): state.prefetch.answered(token)
            default: break
            }
            return reduce(&state, action)
        }
    case .input(let event):
        effects = reduceInput(&state, event)
        if effects.contains(.quit) { return effects }
    case .runtime(.wake(let token)):
        // An animation's frame is drawn as it is; the slideshow's step may change what is on screen.
        if let frame = state.viewer.animationWoke(token, tokens: &state.tokens) { return frame }
        effects = slideshowWoke(&state, token: token)
    case .runtime(let report):
        reduceRuntime(&state, report)
        return []
    case .feed(.pageLoaded(let token, let page, let result)):
        effects = receivePage(&state, token: token, page: page, result: result)
    case .feed(.refreshLoaded(let token, let result)):
        effects = receiveRefresh(&state, token: token, result: result)
    case .detail(let answer):
        guard reduceDetail(&state, answer) else { return [] }
        effects = []
    case .images(let answer):
        return reduceImages(&state, answer)
    case .locations(.locationsLoaded(let token, let result)):
        state.locations.receive(token: token, result)
        effects = state.map != nil ? state.locations.findPlaces(tokens: &state.tokens) : []
    case .locations(.placesFound(let token, let found)):
        state.locations.receivePlaces(token: token, found)
        return []
    case .saved(let answer):
        let outcome = state.saved.receive(answer, showNewest: state.tab != .saved)
        effects = state.apply(outcome)
    case .downloads(let answer):
        reduceDownloads(&state, answer)
        return []
    case .favorites(.favoriteSet(let token, let result)):
        let outcome = state.favorites.receiveSet(token: token, result: result)
        effects = state.apply(outcome)
    }
    return effects + settle(&state)
}

/// A key, a click, a resize or the terminal's new colour scheme.
private func reduceInput(_ state: inout AppState, _ event: InputEvent) -> [Effect] {
    switch event {
    case .key(let key):
        // A Saved page that failed is asked for again once the user does something.
        state.saved.retryPages()
        return handleKey(&state, key)
    case .mouse(let event):
        return handleMouse(&state, event)
    case .resize(let size):
        state.resize(to: size)
        return []
    case .colorScheme(let background):
        state.terminalReported(background)
        return []
    case .cellPixels(let cell):
        state.noteCellPixels(cell)
        return []
    }
}

/// The runtime's reports other than `.wake`: none changes what needs settling.
private func reduceRuntime(_ state: inout AppState, _ report: RuntimeReport) {
    switch report {
    case .tick:
        state.network.tick()
    case .callsLeft(let calls):
        state.prefetch.noteCallsLeft(calls)
    case .networkLogAppended(let entries, let sequence):
        state.network.append(entries, through: sequence)
    case .inFlightChanged(let count):
        state.network.setInFlight(count)
    case .notice(let text):
        _ = state.apply(Outcome(notice: Notice(text: text, isError: false, wholeLine: true)))
    case .wake:
        break
    }
}

/// The detail's answers; false when nothing on screen needs settling.
private func reduceDetail(_ state: inout AppState, _ answer: DetailAnswer) -> Bool {
    switch answer {
    case .commentsLoaded(let token, let page, let result):
        state.overlay?.receiveComments(token: token, page: page, result)
        return true
    case .exifLoaded(let token, let result):
        state.detail.receiveExif(token: token, result)
    case .licensesLoaded(let token, let result):
        state.licenses.receive(token: token, result)
    }
    return false
}

/// Pictures arrived: the images model keeps them; the slideshow, the zoom and the animation take theirs.
private func reduceImages(_ state: inout AppState, _ answer: ImagesAnswer) -> [Effect] {
    switch answer {
    case .imageLoaded(let token, let request, let result):
        state.images.receive(request, token: token, result: result)
        state.keepMapPicture(request)
        let moved = slideshowPictureArrived(&state, request)
        if let renditions = state.zoomArrival(request), state.viewer.zoomPictureArrived(request, renditions: renditions) {
            return moved + settle(&state)
        }
        return moved.isEmpty ? [] : moved + settle(&state)
    case .sizesLoaded(let token, let result):
        guard state.viewer.receiveZoomSizes(token: token, result) else { return [] }
        return settle(&state)
    case .animationLoaded(let animation):
        let wanted = Set(state.wantedImages(ScreenLayout(state)).map(\.0))
        state.viewer.receiveAnimation(animation, wanted: wanted)
        return settle(&state)
    }
}

private func reduceDownloads(_ state: inout AppState, _ answer: DownloadsAnswer) {
    switch answer {
    case .downloadProgress(let token, let progress):
        state.downloads.update(token, .active(progress))
    case .downloadFinished(let token, .success(let path)):
        state.downloads.update(token, .finished(path: path))
        // The download saved the photo (the engine records it in the store): the Saved tab and the ★
        // show it now, and its preview comes from the file.
        if let entry = state.downloads.entries.first(where: { $0.token == token }) {
            state.saved.add(entry.item, file: path, showNewest: state.tab != .saved)
        }
    case .downloadFinished(let token, .failure(let error)):
        state.downloads.update(token, .failed(reason: error.message))
    }
}

// MARK: - Settling
/// After every change: keep selections in range and in view, and load the next page of the feed on
/// screen when its selection is within two screens of the last loaded photo.
func settle(_ state: inout AppState) -> [Effect] {
    let layout = ScreenLayout(state)
    var effects: [Effect] = []
    if let tab = state.currentFeedTab {
        let screen = layout.cardsPerScreen
        state.prefetch.selectionMoved(feed: tab, to: state.feed(for: tab).selection, screen: screen)
        let lead = state.prefetch.lead(screen: screen)
        var tokens = state.tokens
        effects += state.updateFeed(tab) { $0.settle(columns: layout.gridColumns, rows: layout.visibleRows, lead: lead, tokens: &tokens) }
        state.tokens = tokens
    }
    if state.tab == .saved, let effect = state.saved.loadMoreIfNeeded(layout, tokens: &state.tokens) {
        effects.append(effect)
    }
    if state.tab == .locations, !state.locations.showingPhotos {
        state.locations.keepVisible(rows: max(1, layout.body.height - 1))
        if !state.locations.requested { effects += state.locations.request(tokens: &state.tokens) }
    }
    if state.licenses.wanted(for: state.currentFeed?.selectedPhoto) {
        let token = state.makeToken()
        state.licenses.begin(token)
        effects.append(.loadLicenses(token: token))
    }
    if state.viewerOpen, state.currentFeedTab == nil { state.viewer.close() }
    let wanted = state.wantedImages(layout)
    var tokens = state.tokens
    effects += state.images.reconcile(wanted: wanted) {
        tokens.next()
    }
    state.tokens = tokens
    let showing = state.viewerAnimationRequest(layout)
    effects += state.viewer.settleAnimation(showing: showing, wanted: Set(wanted.map(\.0)), tokens: &state.tokens)
    return effects
}

// MARK: - Feed and list helpers
