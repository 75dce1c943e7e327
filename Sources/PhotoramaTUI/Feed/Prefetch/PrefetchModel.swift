/// What prefetch measures, kept in the state: the time the last timed action carried, the selection's
/// speed and the service's round trips. Time reaches the pure reducer only through `Action.timed`.
public struct PrefetchModel: Sendable {
    /// The time of the last timed action (the runtime's monotonic clock since it started); nil until one.
    public private(set) var now: Duration?
    private(set) var speed = SelectionSpeed()
    private(set) var roundTrips = RoundTrips()
    public private(set) var limits = PrefetchLead.Limits()

    /// Flickr calls left this hour, as the runtime last heard: prefetch stays within them.
    mutating func noteCallsLeft(_ calls: Int) { limits.callsLeft = max(0, calls) }

    public init() {}

    /// Time never runs backwards: an action stamped earlier than the last keeps the later time.
    mutating func advance(to time: Duration) {
        now = max(now ?? time, time)
    }

    mutating func sent(_ token: RequestToken) {
        if let now { roundTrips.sent(token, at: now) }
    }

    /// Every page request among `effects` was sent now.
    mutating func noteSent(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .loadPage(_, _, let token), .refresh(_, let token): sent(token)
            default: break
            }
        }
    }

    mutating func answered(_ token: RequestToken) {
        if let now { roundTrips.answered(token, at: now) }
    }

    mutating func selectionMoved(feed: Tab, to position: Int, screen: Int) {
        if let now { speed.record(feed: feed, position: position, at: now, screen: max(1, screen)) }
    }

    /// The measured latency, nil before the first answer.
    public var latency: Duration? { roundTrips.latency }

    /// Photos a second the selection moves now.
    public var photosPerSecond: Double { now.map { speed.photosPerSecond(at: $0) } ?? 0 }

    func lead(screen: Int) -> PrefetchLead {
        PrefetchLead.compute(screen: screen, photosPerSecond: photosPerSecond, latency: latency, limits: limits)
    }
}
