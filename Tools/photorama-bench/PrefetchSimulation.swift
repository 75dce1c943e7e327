import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI

/// PgDn held through a feed on simulated time, through the real reducer and renderer (no sleeping, no
/// network): deterministic, so a test can assert its exact count. Every answer arrives `latency` after its
/// request, pages in flight at once (the reducer decides how many); a frame is drawn after every action,
/// as the runtime does. As `photorama-bench prefetch` does with the real binary, PgDn is held only once
/// the feed has settled (`1,500 ms + 2 × latency` after the first request), then at `rate` a second until
/// the selection reaches `target`.
struct PrefetchSimulation {
    var size: CellSize
    var latencyMilliseconds = 100.0
    var rate = 30.0
    var target = 3_000
    /// Photos per page; nil: the browser's own sizes for the screen, opening pages of 100 included
    /// (`PageSizing.sizes`, `PageRamp`).
    var perPage: Int?
    /// Whether actions carry the simulated time (`Action.timed`), as the runtime's do; false replays the
    /// reducer without time (no measurements: the fixed two screens ahead, one page at a time).
    var timed = true
    /// Photos the feed has in all.
    var photos = 20_000

    struct Result: Equatable {
        var frames = 0
        var loadingFrames = 0
        var reached = 0
        /// Pages asked for, and the most in flight at once.
        var pagesAsked = 0
        var mostInFlight = 0
        /// The slowest reduce + render of one action (host time; meaningful in a release build).
        var slowestFrame: Duration = .zero

        var loadingShare: Double { frames > 0 ? Double(loadingFrames) / Double(frames) * 100 : 0 }
    }

    func run() -> Result {
        let sizes = PageSizing.sizes(columns: size.columns, rows: size.rows)
        let ramp = perPage.map { PageRamp(opening: nil, perPage: $0) } ?? PageRamp(opening: sizes.opening, perPage: sizes.perPage)
        let pages = ramp.openingPages + max(0, photos - ramp.perPage + ramp.perPage - 1) / ramp.perPage
        var state = AppState(configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1), size: size)
        var pending: [(due: Double, token: RequestToken, page: Int)] = []
        var result = Result()
        var now = 0.0
        let clock = ContinuousClock()

        func firstPhoto(_ page: Int) -> Int {
            page <= ramp.openingPages ? (page - 1) * ramp.opening : ramp.perPage + (page - ramp.openingPages - 1) * ramp.perPage
        }
        func schedule(_ effects: [Effect]) {
            for case .loadPage(_, let number, let token) in effects {
                pending.append((now + latencyMilliseconds, token, number))
                result.pagesAsked += 1
            }
            result.mostInFlight = max(result.mostInFlight, pending.count)
        }
        func act(_ action: Action) {
            let started = clock.now
            let at = Duration.nanoseconds(Int64((now * 1_000_000).rounded()))
            schedule(reduce(&state, timed ? .timed(action, at: at) : action))
            let frame = render(state)
            result.slowestFrame = max(result.slowestFrame, clock.now - started)
            result.frames += 1
            if TUIBenchmark.selectedCardShowsLoading(frame, state) { result.loadingFrames += 1 }
        }
        func answer(_ request: (due: Double, token: RequestToken, page: Int)) {
            now = request.due
            let first = firstPhoto(request.page)
            let count = request.page <= ramp.openingPages ? ramp.opening : ramp.perPage
            let items = (first..<min(photos, first + count)).map(TUIBenchmark.syntheticPhoto)
            let page = Page(items: items, page: request.page, pages: pages, total: photos)
            act(.feed(.pageLoaded(token: request.token, page: request.page, .success(page))))
        }
        /// Answers everything due by `time`, in order.
        func answer(until time: Double) {
            while let next = pending.min(by: { $0.due < $1.due }), next.due <= time {
                pending.removeAll { $0.token == next.token }
                answer(next)
            }
        }

        schedule(timed ? start(&state, at: .zero) : start(&state))
        result.frames += 1
        let holdFrom = 1_500 + 2 * latencyMilliseconds
        answer(until: holdFrom)
        // Frames drawn while the feed settled do not count, as in `photorama-bench prefetch`.
        result.frames = 0
        result.loadingFrames = 0
        var nextKey = holdFrom
        let keyInterval = 1_000 / rate
        while state.feeds[.recent].selection < target, result.frames < 100_000 {
            answer(until: nextKey)
            now = nextKey
            nextKey += keyInterval
            act(.key(.pageDown))
        }
        result.reached = state.feeds[.recent].selection
        return result
    }
}
