import PhotoramaKit

extension AppState {
    /// What the network log overlay (`L`) lists at most.
    static let networkLogCapacity = 200

    /// Adds the reported entries the state does not have yet: the last `through` minus what it has.
    /// A report that an earlier-started one overtook repeats entries or is wholly stale; both add nothing
    /// twice. Appending keeps the array's buffer, where replacing it copied the whole log per load.
    mutating func appendToNetworkLog(_ entries: [RequestLogEntry], through sequence: Int) {
        let fresh = min(sequence - networkLogSequence, entries.count)
        guard fresh > 0 else { return }
        networkLog.append(contentsOf: entries.suffix(fresh))
        let excess = networkLog.count - Self.networkLogCapacity
        if excess > 0 { networkLog.removeFirst(excess) }
        networkLogSequence = sequence
    }
}
