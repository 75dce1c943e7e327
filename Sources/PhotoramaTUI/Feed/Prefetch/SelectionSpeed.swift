/// How fast the selection moves through a feed, measured: the photos passed per second over the selection
/// changes of the last `window`, on the time the actions carry (`Action.timed`).
/// Only forward moves of at most a screen count; a move back, a jump, or a change of feed starts it over.
struct SelectionSpeed: Sendable, Equatable {
    struct Sample: Sendable, Equatable {
        var at: Duration
        var position: Int
    }

    /// Long enough to span many key repeats (15 at 30 a second), short enough to notice a stop at once.
    static let window: Duration = .milliseconds(500)

    private(set) var samples: [Sample] = []
    private var feed: Tab?

    /// The selection of `feed` is at `position` at `time`; a sample only when it moved. A jump of more than
    /// `screen` photos (End, a random photo, a click) is no pace: it starts the measurement over too.
    mutating func record(feed: Tab, position: Int, at time: Duration, screen: Int = .max) {
        if feed != self.feed
            || samples.last.map({ position < $0.position || time < $0.at || position - $0.position > screen }) == true
        {
            samples.removeAll()
            self.feed = feed
        }
        if let last = samples.last, last.position == position { return }
        samples.append(Sample(at: time, position: position))
        samples.removeAll { time - $0.at > Self.window }
    }

    /// Photos a second at `now`: the photos passed from the first change within the window to the last,
    /// over the time from that first change to `now`, so a stop lowers it at once; 0 when fewer than two
    /// changes fall within the window (the selection stopped, or has only just started).
    func photosPerSecond(at now: Duration) -> Double {
        guard let first = samples.first(where: { now - $0.at <= Self.window }), let last = samples.last,
            now > first.at, last.position > first.position
        else { return 0 }
        return Double(last.position - first.position) / (now - first.at).prefetchSeconds
    }
}

extension Duration {
    /// The duration in seconds, as a Double (for rates).
    var prefetchSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
