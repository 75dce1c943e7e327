import PhotoramaKit

/// What the network is doing, as the runtime reports it: the request log's newest entries (the `L`
/// overlay), the requests in flight and the spinner they turn. Changed only through its methods.
public struct NetworkActivity: Sendable {
    /// What the network log overlay lists at most.
    static let logCapacity = 200

    /// The request log's newest entries, at most `logCapacity`, oldest first.
    public private(set) var log: [RequestLogEntry] = []
    /// The number of the newest exchange in `log` (the log counts every one it records).
    private var sequence = 0
    public private(set) var inFlight = 0
    /// The spinner's frame, advanced by a tick while requests are in flight.
    public private(set) var spinnerPhase = 0

    /// Adds the reported entries not held yet: the last `through` minus what is held. A report that an
    /// earlier-started one overtook repeats entries or is wholly stale; both add nothing twice. Appending
    /// keeps the array's buffer, where replacing it copied the whole log per load.
    mutating func append(_ entries: [RequestLogEntry], through sequence: Int) {
        let fresh = min(sequence - self.sequence, entries.count)
        guard fresh > 0 else { return }
        log.append(contentsOf: entries.suffix(fresh))
        let excess = log.count - Self.logCapacity
        if excess > 0 { log.removeFirst(excess) }
        self.sequence = sequence
    }

    mutating func setInFlight(_ count: Int) { inFlight = max(0, count) }

    /// The spinner turns only while something is loading.
    mutating func tick() {
        if inFlight > 0 { spinnerPhase = (spinnerPhase + 1) % 1_000_000 }
    }
}
