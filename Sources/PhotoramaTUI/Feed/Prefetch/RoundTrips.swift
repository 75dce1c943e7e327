/// How long the service takes, measured: the time from the action that sent a page request (`.loadPage`,
/// `.refresh`) to the action that brought its answer, for the last few answers, on the time the actions
/// carry (`Action.timed`).
struct RoundTrips: Sendable, Equatable {
    /// Answers remembered; the latency is the longest of them, so one fast answer (from the cache) does
    /// not shrink the lead while the network is slow.
    static let kept = 5
    /// Requests remembered without an answer (cancelled ones never answer): the oldest are forgotten.
    static let pendingLimit = 64

    private var sent: [RequestToken: Duration] = [:]
    private(set) var recent: [Duration] = []

    mutating func sent(_ token: RequestToken, at time: Duration) {
        if sent.count >= Self.pendingLimit, let oldest = sent.min(by: { $0.value < $1.value })?.key {
            sent.removeValue(forKey: oldest)
        }
        sent[token] = time
    }

    mutating func answered(_ token: RequestToken, at time: Duration) {
        guard let start = sent.removeValue(forKey: token) else { return }
        recent.append(max(.zero, time - start))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// The longest of the recent round trips; nil before the first answer.
    var latency: Duration? { recent.max() }
}
