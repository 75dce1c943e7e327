import PhotoramaScreen

/// Opens the full-screen viewer on the selected photo (nothing happens on the loading card).
func openViewer(_ state: inout AppState) {
    guard state.currentFeed?.selectedPhoto != nil else { return }
    state.viewer.open()
}

/// The viewer: Left/Right (h/l) walk the feed, loading the next page as the grid does; Esc or q go back
/// to the grid with the last viewed photo selected. `?` shows the key bindings over it.
func handleViewerKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard let tab = state.currentFeedTab else {
        state.viewer.close()
        return []
    }
    if let effects = handleViewerZoomKey(&state, key, action) { return effects }
    switch (key, action) {
    case (.escape, _), (_, .quit?):
        state.viewer.close()
        state.detail.close()
    case (.left, _), (_, .left?), (.up, _), (_, .up?), (.pageUp, _):
        moveSelection(&state, tab) { $0 - 1 }
    case (.right, _), (_, .right?), (.down, _), (_, .down?), (.pageDown, _), (.character(" "), _):
        moveSelection(&state, tab) { $0 + 1 }
    case (.home, _), (_, .first?):
        moveSelection(&state, tab) { _ in 0 }
    case (_, .help?):
        state.overlay = .help(scroll: 0)
    case (_, .slideshow?):
        return startSlideshow(&state)
    default:
        break
    }
    return []
}

// MARK: - Slideshow
/// `S`: the slideshow starts in the viewer over the current feed; the first change is one interval away.
func startSlideshow(_ state: inout AppState) -> [Effect] {
    let interval = state.configuration.slideshowInterval
    let token = state.makeToken()
    state.viewer.startSlideshow(interval: interval, token: token)
    return [.wake(after: interval, token: token)]
}

/// The interval has passed: show the next photo when its picture is drawn (at once when it already is; at
/// the latest one more interval later), then wait another interval. At the end of a feed with nothing more to load, the slideshow ends there.
func slideshowWoke(_ state: inout AppState, token: RequestToken) -> [Effect] {
    guard let slideshow = state.slideshow, slideshow.token == token else { return [] }
    guard state.viewerOpen, let tab = state.currentFeedTab else {
        _ = state.viewer.stopSlideshow()
        return []
    }
    let feed = state.feed(for: tab)
    guard feed.selection + 1 < feed.count else {
        // More photos may be on their way (the next page); if not, the show is over.
        if !feed.hasTrailingCard {
            _ = state.viewer.stopSlideshow()
            state.notice = "Slideshow ended: the last photo"
            return []
        }
        let again = state.makeToken()
        state.viewer.slideshowWaitsAgain(token: again)
        return [.wake(after: slideshow.interval, token: again)]
    }
    // Waiting is bounded: when the picture is still not there one interval later, the show moves on anyway.
    if !slideshow.waiting, let next = nextViewerPicture(state), !isDrawn(state, next) {
        let wait = state.makeToken()
        state.viewer.slideshowWaitsForPicture(token: wait)
        return [.wake(after: slideshow.interval, token: wait)]
    }
    return advanceSlideshow(&state, slideshow)
}

/// A picture arrived: a waiting slideshow moves on once it is the next photo's.
func slideshowPictureArrived(_ state: inout AppState, _ request: ImageRequest) -> [Effect] {
    guard let slideshow = state.slideshow, slideshow.waiting, nextViewerPicture(state) == request else { return [] }
    return advanceSlideshow(&state, slideshow)
}

private func advanceSlideshow(_ state: inout AppState, _ slideshow: Slideshow) -> [Effect] {
    guard let tab = state.currentFeedTab else { return [] }
    moveSelection(&state, tab) { $0 + 1 }
    let token = state.makeToken()
    state.viewer.slideshowMoved(token: token)
    return [.wake(after: slideshow.interval, token: token)]
}

/// The viewer's picture of the photo after the selected one, as `wantedImages` prefetches it.
private func nextViewerPicture(_ state: AppState) -> ImageRequest? {
    guard let tab = state.currentFeedTab else { return nil }
    let feed = state.feed(for: tab)
    guard feed.selection + 1 < feed.count else { return nil }
    return state.pictureRequest(feed.photos[feed.selection + 1], in: ScreenLayout(state).viewerImage, preview: true)
}

private func isDrawn(_ state: AppState, _ request: ImageRequest) -> Bool {
    switch state.images.status(request) {
    case .ready, .failed: true
    case .loading, nil: false
    }
}
