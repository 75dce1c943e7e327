/// The seconds a slideshow may wait between photos (`slideshow_interval`, `--interval`), and its default.
public enum SlideshowInterval {
    public static let seconds = 1...3600
    public static let defaultSeconds = 5
}

/// The viewer's slideshow (`S`): each `interval` the next photo of the feed. A change waits for the next
/// photo's picture (prefetched as the viewer's neighbour) so it is never a blank screen; any key stops it.
public struct Slideshow: Equatable, Sendable {
    public var interval: Duration
    /// The wake-up in flight (`Effect.wake`); a stale one is ignored.
    public var token: RequestToken
    /// The interval has passed and the next photo's picture is still loading: the change happens when it is
    /// drawn, or at the next wake-up whatever it is.
    public var waiting = false
}
