import PhotoramaImages

// MARK: - Animated GIFs in the viewer
/// An animated picture's frames arrived (`.animationLoaded`): kept while the screen still wants the picture.
func receiveAnimation(_ state: inout AppState, _ animation: AnimatedPicture) {
    let wanted = Set(state.wantedImages(ScreenLayout(state)).map(\.0))
    state.viewer.changeAnimation { $0.receive(animation, wanted: wanted) }
}

/// After every change (`settle`): the viewer's picture plays when its frames are here; leaving the photo or
/// the viewer stops it.
func settleAnimation(_ state: inout AppState, wanted: Set<ImageRequest>, layout: ScreenLayout) -> [Effect] {
    let showing = viewerAnimationRequest(state, layout)
    var tokens = state.tokens
    let effects = state.viewer.changeAnimation { animation in
        animation.show(showing, wanted: wanted) {
            tokens.next()
        }
    }
    state.tokens = tokens
    return effects
}

/// A wake-up for the playing animation: its next frame. nil when the token is someone else's (the slideshow's).
func animationWoke(_ state: inout AppState, token: RequestToken) -> [Effect]? {
    var tokens = state.tokens
    let effects = state.viewer.changeAnimation { animation in
        animation.woke(token) {
            tokens.next()
        }
    }
    state.tokens = tokens
    return effects
}

/// The viewer's picture of the selected photo when it may animate (`ImageRequest.animated`).
private func viewerAnimationRequest(_ state: AppState, _ layout: ScreenLayout) -> ImageRequest? {
    guard state.viewerOpen, let photo = state.currentFeed?.selectedPhoto,
        let request = state.pictureRequest(photo, in: layout.viewerImage, preview: true), request.animated
    else { return nil }
    return request
}
