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

/// What a slideshow's wake-up is shown of the feed in the viewer, read by the root.
struct SlideshowFeed: Equatable {
    /// A photo follows the selected one.
    var hasNext: Bool
    /// More photos may be on their way (the feed's trailing card: the next page).
    var moreComing: Bool
    /// The next photo's picture is drawn, or failed, or there is none to wait for.
    var nextDrawn: Bool

    init(hasNext: Bool, moreComing: Bool, nextDrawn: Bool) {
        self.hasNext = hasNext
        self.moreComing = moreComing
        self.nextDrawn = nextDrawn
    }

    init(_ feed: FeedModel, nextDrawn: Bool) {
        self.init(hasNext: feed.selection + 1 < feed.count, moreComing: feed.hasTrailingCard, nextDrawn: nextDrawn)
    }
}

// MARK: - The slideshow, as functions of the viewer
extension ViewerModel {
    /// `S`: the slideshow starts; the first change is one interval away.
    mutating func startSlideshow(interval: Duration, tokens: inout RequestTokens) -> [Effect] {
        let token = tokens.next()
        startSlideshow(interval: interval, token: token)
        return [.wake(after: interval, token: token)]
    }

    /// The wake-up `token`: show the next photo when its picture is drawn (at the latest one more interval
    /// later), then wait another interval. `feed` nil: the viewer is closed or shows no feed, and the show
    /// stops. At the end of a feed with nothing more to load, the show ends there. `advances`: the root
    /// moves the feed's selection to the next photo.
    mutating func slideshowWoke(
        _ token: RequestToken, feed: SlideshowFeed?, tokens: inout RequestTokens
    ) -> (outcome: Outcome, advances: Bool) {
        guard let slideshow, slideshow.token == token else { return (.nothing, false) }
        guard let feed else {
            _ = stopSlideshow()
            return (.nothing, false)
        }
        guard feed.hasNext else {
            // More photos may be on their way (the next page); if not, the show is over.
            guard feed.moreComing else {
                _ = stopSlideshow()
                return (Outcome(notice: "Slideshow ended: the last photo"), false)
            }
            let again = tokens.next()
            slideshowWaitsAgain(token: again)
            return (.effects([.wake(after: slideshow.interval, token: again)]), false)
        }
        // Waiting is bounded: when the picture is still not there one interval later, the show moves on anyway.
        if !slideshow.waiting, !feed.nextDrawn {
            let wait = tokens.next()
            slideshowWaitsForPicture(token: wait)
            return (.effects([.wake(after: slideshow.interval, token: wait)]), false)
        }
        return (.effects(slideshowAdvanced(tokens: &tokens)), true)
    }

    /// The feed moved to the next photo: the next change is one interval away.
    mutating func slideshowAdvanced(tokens: inout RequestTokens) -> [Effect] {
        guard let slideshow else { return [] }
        let token = tokens.next()
        slideshowMoved(token: token)
        return [.wake(after: slideshow.interval, token: token)]
    }
}
