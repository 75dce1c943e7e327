import PhotoramaKit

/// The full-screen viewer (`v`): whether it is open, and what lives in it: the zoom on its photo, the
/// slideshow and the animated GIFs. Its fields change only through its own functions; the zoom and the
/// animations are models of their own, changed through theirs (`changeZoom`, `changeAnimation`).
public struct ViewerModel: Sendable {
    /// The selected photo fills the terminal; Left and Right move through the feed.
    public private(set) var isOpen = false
    /// The slideshow while it runs.
    public private(set) var slideshow: Slideshow?
    /// The zoom and pan on the selected photo (`+` `-` `0`, the wheel, a drag).
    public private(set) var zoom = ViewerZoom()
    /// The animated GIFs: frames and the one playing.
    public private(set) var animation = ViewerAnimation()

    public init() {}

    /// Opens on the selected photo, at fit.
    mutating func open() {
        isOpen = true
        zoom = ViewerZoom()
    }

    /// `v`, Enter or a double click: opens on the selected `photo`; nothing happens on the loading card (nil).
    mutating func open(on photo: Photo?) {
        guard photo != nil else { return }
        open()
    }

    /// Back to the grid. The animation stops at the next `settle`, which no longer wants its picture.
    mutating func close() {
        isOpen = false
    }

    // MARK: - Slideshow
    /// `S`: the first change is one interval away, at the wake-up `token`.
    mutating func startSlideshow(interval: Duration, token: RequestToken) {
        slideshow = Slideshow(interval: interval, token: token)
    }

    /// Ends the slideshow; returns the one that ran (its wake-up is to be cancelled), nil when none did.
    mutating func stopSlideshow() -> Slideshow? {
        guard let running = slideshow else { return nil }
        slideshow = nil
        return running
    }

    /// Waits another interval under a new wake-up: more photos may be on their way.
    mutating func slideshowWaitsAgain(token: RequestToken) {
        slideshow?.token = token
    }

    /// The interval has passed but the next photo's picture is still loading: the change waits for it, at
    /// most one more interval (`token`).
    mutating func slideshowWaitsForPicture(token: RequestToken) {
        slideshow?.waiting = true
        slideshow?.token = token
    }

    /// The slideshow moved to the next photo; the next change is one interval away (`token`).
    mutating func slideshowMoved(token: RequestToken) {
        slideshow?.waiting = false
        slideshow?.token = token
    }

    // MARK: - Zoom and animations
    mutating func changeZoom<Result>(_ body: (inout ViewerZoom) -> Result) -> Result {
        body(&zoom)
    }

    mutating func changeAnimation<Result>(_ body: (inout ViewerAnimation) -> Result) -> Result {
        body(&animation)
    }
}
