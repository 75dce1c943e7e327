import PhotoramaScreen

/// The viewer: Left/Right (h/l) walk the feed, loading the next page as the grid does; Esc or q go back
/// to the grid with the last viewed photo selected. `?` shows the key bindings over it. The zoom's keys
/// are the viewer's own (`ViewerModel.zoomKey`).
func handleViewerKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard let tab = state.currentFeedTab else {
        state.viewer.close()
        return []
    }
    // At fit the arrows walk the feed: no layout or geometry is worked out for them.
    if let photo = state.currentFeed?.selectedPhoto, state.viewer.mayZoom(key, on: photo.key), let target = state.zoomTarget(),
        let effects = state.viewer.zoomKey(key, action, photo: target.photo, geometry: target.geometry, tokens: &state.tokens)
    {
        return effects
    }
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
        return state.viewer.startSlideshow(interval: state.configuration.slideshowInterval, tokens: &state.tokens)
    default:
        break
    }
    return []
}

// MARK: - Slideshow
/// The interval has passed: the viewer decides from what it is shown of the feed (`SlideshowFeed`) whether
/// the next photo comes now; the root then moves the feed's selection.
func slideshowWoke(_ state: inout AppState, token: RequestToken) -> [Effect] {
    guard state.slideshow?.token == token else { return [] }
    let tab = state.currentFeedTab
    let feed = state.viewerOpen ? tab.map { SlideshowFeed(state.feed(for: $0), nextDrawn: nextViewerPictureDrawn(state)) } : nil
    let turn = state.viewer.slideshowWoke(token, feed: feed, tokens: &state.tokens)
    if turn.advances, let tab { moveSelection(&state, tab) { $0 + 1 } }
    return state.apply(turn.outcome)
}

/// A picture arrived: a waiting slideshow moves on once it is the next photo's.
func slideshowPictureArrived(_ state: inout AppState, _ request: ImageRequest) -> [Effect] {
    guard state.slideshow?.waiting == true, let tab = state.currentFeedTab, nextViewerPicture(state) == request else { return [] }
    moveSelection(&state, tab) { $0 + 1 }
    return state.viewer.slideshowAdvanced(tokens: &state.tokens)
}

/// The viewer's picture of the photo after the selected one, as `wantedImages` prefetches it.
private func nextViewerPicture(_ state: AppState) -> ImageRequest? {
    guard let tab = state.currentFeedTab else { return nil }
    let feed = state.feed(for: tab)
    guard feed.selection + 1 < feed.count else { return nil }
    return state.pictureRequest(feed.photos[feed.selection + 1], in: ScreenLayout(state).viewerImage, preview: true)
}

/// Whether the next photo's picture is drawn or failed (true when there is none to wait for).
private func nextViewerPictureDrawn(_ state: AppState) -> Bool {
    guard let next = nextViewerPicture(state) else { return true }
    return state.images.status(next).isSettled
}
