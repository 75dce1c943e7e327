import Foundation

/// Flickr allows 3,600 calls an hour per key. The count lives in the cache database (under a hash of the
/// key, never the key) so every instance and every run adds to the same hour.
public struct RateBudget: Sendable {
    public static let flickrCallsPerHour = 3600

    public let limit: Int
    public init(limit: Int = Self.flickrCallsPerHour) { self.limit = limit }

    public static func hourStart(_ date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        return seconds - seconds % 3600
    }

    /// Seconds until the hour counted now ends.
    public static func secondsLeftInHour(_ date: Date) -> Int {
        hourStart(date) + 3600 - Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// The calls after which prefetches give way to what the user asks for: 80 % of the budget.
    public var prefetchThreshold: Int { limit * 8 / 10 }

    /// How long a prefetch (a page nobody asked for yet) waits: nothing up to `prefetchThreshold`, then
    /// up to 10 s as the count nears the limit, so the calls left go to what the user asks for.
    public func prefetchDelay(used: Int) -> Duration {
        let threshold = prefetchThreshold
        guard used > threshold else { return .zero }
        let fraction = min(1, Double(used - threshold) / Double(max(1, limit - threshold)))
        return .milliseconds(Int(fraction * 10_000))
    }

    /// The hash a key is counted under.
    public static func keyHash(_ key: String) -> String { FNV1a.hex("photorama-rate:" + key) }
}
