#if canImport(Glibc)
    import Glibc
#endif

/// The instant `main` began, for the launch-to-first-grid benchmark. A lazily initialised constant:
/// `main` touches it first thing.
package enum LaunchClock {
    package static let start = ContinuousClock.now

    /// CLOCK_REALTIME in nanoseconds: a clock another process (the benchmark, or `date +%s%N` run just
    /// before this program) reads the same way.
    static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
