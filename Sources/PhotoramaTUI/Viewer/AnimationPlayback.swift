import PhotoramaImages

// MARK: - Animated GIFs in the viewer, as functions of the viewer
extension ViewerModel {
    /// An animated picture's frames arrived (`.animationLoaded`): kept while the screen still `wanted` the picture.
    mutating func receiveAnimation(_ animation: AnimatedPicture, wanted: Set<ImageRequest>) {
        changeAnimation { $0.receive(animation, wanted: wanted) }
    }

    /// After every change (`settle`): the picture `showing` plays when its frames are here (nil: the viewer
    /// shows none that may animate); leaving the photo or the viewer stops it.
    mutating func settleAnimation(showing: ImageRequest?, wanted: Set<ImageRequest>, tokens: inout RequestTokens) -> [Effect] {
        changeAnimation { animation in
            animation.show(showing, wanted: wanted) { tokens.next() }
        }
    }

    /// A wake-up for the playing animation: its next frame. nil when the token is someone else's (the slideshow's).
    mutating func animationWoke(_ token: RequestToken, tokens: inout RequestTokens) -> [Effect]? {
        changeAnimation { animation in
            animation.woke(token) { tokens.next() }
        }
    }
}

extension AppState {
    /// The viewer's picture of the selected photo when it may animate (`ImageRequest.animated`). Read only.
    func viewerAnimationRequest(_ layout: ScreenLayout) -> ImageRequest? {
        guard viewerOpen, let photo = currentFeed?.selectedPhoto,
            let request = pictureRequest(photo, in: layout.viewerImage, preview: true), request.animated
        else { return nil }
        return request
    }
}
