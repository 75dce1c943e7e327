import Foundation
import PhotoramaLocking

/// How the load running in the current task wants the cache used.
public enum CacheMode: Sendable, Equatable {
    /// Fresh entries answer; stale or missing ones go to the network (stale ones answer if it is down).
    case normal
    /// Any entry answers at once, however old (a feed shown at launch; refreshed afterwards).
    case preferCache
    /// Always ask the network (a refresh); a stored entry answers only if the network is down.
    case network
}

/// Where a load's answer came from, when it came from the cache.
public struct CacheOrigin: Sendable, Equatable {
    /// Seconds since the entry was stored.
    public var age: Int
    /// Older than its kind's freshness.
    public var stale: Bool
    /// Served because the network is down or `--offline` was given.
    public var offline: Bool

    public init(age: Int, stale: Bool, offline: Bool) {
        self.age = age
        self.stale = stale
        self.offline = offline
    }

    /// "cached 5 min ago", "offline: cached 2 h ago".
    public var label: String {
        (offline ? "offline: " : "") + "cached " + Self.ago(age)
    }

    public static func ago(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<(48 * 3600): return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) days ago"
        }
    }
}

/// Collects the cache origin of the answers a load used (the caller reads it after the load).
public final class CacheReport: Sendable {
    private let state = Locked<CacheOrigin?>(nil)
    public init() {}
    public var origin: CacheOrigin? { state.withLock { $0 } }
    func record(_ origin: CacheOrigin) { state.withLock { $0 = origin } }
}

/// Task-local settings: the resources stay pure values and the cache still knows why a load runs.
public enum CacheContext {
    @TaskLocal public static var mode: CacheMode = .normal
    @TaskLocal public static var report: CacheReport?

    /// Runs `body` with `mode`, and returns its result with where the answer came from.
    public static func load<T: Sendable>(
        _ mode: CacheMode, _ body: () async throws(PhotoramaError) -> T
    ) async throws(PhotoramaError) -> (T, CacheOrigin?) {
        let report = CacheReport()
        let result: Result<T, PhotoramaError> = await $mode.withValue(mode) {
            await $report.withValue(report) {
                do throws(PhotoramaError) { return .success(try await body()) } catch { return .failure(error) }
            }
        }
        return (try result.get(), report.origin)
    }
}
