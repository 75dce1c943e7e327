import PhotoramaKit
import PhotoramaScreen

/// How far past the selection a feed keeps photos loaded or on their way, and how many pages it may have
/// in flight for that, from the measured speed of the selection and latency of the service.
///
/// - No latency measured yet (no timed actions): the normal lead, `PageSizing.screensAhead` screens, one
///   page at a time.
/// - At rest: a screen, plus the screens a held key (`keyRepeatPerSecond`) covers in one round trip, plus
///   the screen that measures its speed: a held key's first presses come faster than they can be measured
///   and answered.
/// - Moving: a screen plus `safety` times the photos the selection passes in one round trip.
/// - Capped by `Limits`: photos held ahead (memory) and pages in flight; with Flickr's hour nearly spent
///   (`Limits.callsLeft` at most `budgetReserve`) back to the normal lead, so the calls left go to what
///   the user asks for (as `RateBudget.prefetchDelay` does).
public struct PrefetchLead: Sendable, Equatable {
    public var photosAhead: Int
    public var pagesInFlight: Int

    public init(photosAhead: Int, pagesInFlight: Int) {
        self.photosAhead = photosAhead
        self.pagesInFlight = pagesInFlight
    }

    public struct Limits: Sendable, Equatable {
        /// Pages asked for and not yet in the feed, at most.
        public var maxPagesInFlight: Int
        /// Photos loaded or on their way past the selection, at most (never below the normal lead).
        public var maxPhotosAhead: Int
        /// Flickr calls left this hour; nil when no hourly budget applies (demo data, other providers).
        public var callsLeft: Int?

        public init(maxPagesInFlight: Int = 6, maxPhotosAhead: Int = 5_000, callsLeft: Int? = nil) {
            self.maxPagesInFlight = maxPagesInFlight
            self.maxPhotosAhead = maxPhotosAhead
            self.callsLeft = callsLeft
        }
    }

    /// Key repeat as terminals send it: screens a second a held PgDn moves.
    public static let keyRepeatPerSecond = 30
    /// How many round trips of movement the lead covers while the selection moves.
    public static let safety = 2
    /// Calls kept for what the user asks for: those after `RateBudget.prefetchThreshold`, where the runtime
    /// starts delaying prefetches.
    public static let budgetReserve = RateBudget().limit - RateBudget().prefetchThreshold

    /// Today's rule without measurements.
    public static func normal(screen: Int) -> PrefetchLead {
        PrefetchLead(photosAhead: PageSizing.screensAhead * max(1, screen), pagesInFlight: 1)
    }

    /// The lead for a screen of `screen` cards, a selection moving `photosPerSecond`, answers taking
    /// `latency` (nil: not measured yet).
    public static func compute(screen: Int, photosPerSecond: Double, latency: Duration?, limits: Limits = Limits()) -> PrefetchLead {
        let screen = max(1, screen)
        let normal = normal(screen: screen)
        guard let latency else { return normal }
        if let callsLeft = limits.callsLeft, callsLeft <= budgetReserve { return normal }
        let milliseconds = max(0, Int(latency.components.seconds) * 1000 + Int(latency.components.attoseconds / 1_000_000_000_000_000))
        let pressesPerRoundTrip = (milliseconds * keyRepeatPerSecond + 999) / 1000
        let rest = screen * (2 + pressesPerRoundTrip)
        let passed = max(0, photosPerSecond) * Double(milliseconds) / 1000 * Double(safety)
        let moving = screen + Int(passed.rounded(.up))
        let ahead = min(max(rest, moving), max(normal.photosAhead, limits.maxPhotosAhead))
        var inFlight = max(1, limits.maxPagesInFlight)
        if let callsLeft = limits.callsLeft { inFlight = min(inFlight, callsLeft - budgetReserve) }
        return PrefetchLead(photosAhead: max(normal.photosAhead, ahead), pagesInFlight: inFlight)
    }
}
