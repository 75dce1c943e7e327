import PhotoramaImages
import PhotoramaKit
import Testing

@testable import PhotoramaTUI

/// Prefetch that measures what it needs: the selection's speed and the service's round trips, from the
/// time actions carry (`Action.timed`), and the lead they give, within the call budget and memory bound.
@Suite("Adaptive prefetch")
struct AdaptivePrefetchTests {
    // MARK: - Speed
    @Test("speed: photos passed over the changes of the last 500 ms, from scripted key times")
    func speedFromKeyTimes() {
        var speed = SelectionSpeed()
        #expect(speed.photosPerSecond(at: .milliseconds(1000)) == 0)
        speed.record(feed: .recent, position: 24, at: .milliseconds(1000))
        // One change says nothing about a rate.
        #expect(speed.photosPerSecond(at: .milliseconds(1000)) == 0)
        speed.record(feed: .recent, position: 48, at: .milliseconds(1125))
        #expect(speed.photosPerSecond(at: .milliseconds(1125)) == 192)
        speed.record(feed: .recent, position: 72, at: .milliseconds(1250))
        speed.record(feed: .recent, position: 96, at: .milliseconds(1375))
        #expect(speed.photosPerSecond(at: .milliseconds(1375)) == 192)
        // The same position again is no sample; faster presses raise the rate: 96 → 144 in 125 ms more.
        speed.record(feed: .recent, position: 96, at: .milliseconds(1400))
        speed.record(feed: .recent, position: 144, at: .milliseconds(1500))
        #expect(speed.photosPerSecond(at: .milliseconds(1500)) == 240)
        // Samples older than the window are dropped: from 1,125 (48) to 1,625 (168), 120 photos in 0.5 s.
        speed.record(feed: .recent, position: 168, at: .milliseconds(1625))
        #expect(speed.samples.first == SelectionSpeed.Sample(at: .milliseconds(1125), position: 48))
        #expect(speed.photosPerSecond(at: .milliseconds(1625)) == 240)
    }

    @Test("speed relaxes to 0 once the selection stops; a move back or another feed starts over")
    func speedRelaxes() {
        var speed = SelectionSpeed()
        for step in 0..<5 { speed.record(feed: .recent, position: 30 * (step + 1), at: .milliseconds(2000 + 250 * step)) }
        // 30 → 150 from 2,000 to 3,000 ms; at 3,000 the window holds 2,500…3,000: 90 → 150 in 0.5 s.
        #expect(speed.photosPerSecond(at: .milliseconds(3000)) == 120)
        // A stop lowers it at once: from 2,750 (120) to 3,000 (150), over the 0.5 s to 3,250.
        #expect(speed.photosPerSecond(at: .milliseconds(3250)) == 60)
        #expect(speed.photosPerSecond(at: .milliseconds(3500)) == 0)
        #expect(speed.photosPerSecond(at: .milliseconds(4000)) == 0)
        speed.record(feed: .recent, position: 100, at: .milliseconds(4000))
        speed.record(feed: .recent, position: 200, at: .milliseconds(4250))
        #expect(speed.photosPerSecond(at: .milliseconds(4250)) == 400)
        speed.record(feed: .recent, position: 150, at: .milliseconds(4500))
        #expect(speed.samples == [SelectionSpeed.Sample(at: .milliseconds(4500), position: 150)])
        #expect(speed.photosPerSecond(at: .milliseconds(4500)) == 0)
        speed.record(feed: .search, position: 300, at: .milliseconds(4750))
        #expect(speed.samples == [SelectionSpeed.Sample(at: .milliseconds(4750), position: 300)])
        // A jump of more than a screen (End) is no pace.
        speed.record(feed: .search, position: 324, at: .milliseconds(4800), screen: 24)
        #expect(speed.samples.count == 2)
        speed.record(feed: .search, position: 900, at: .milliseconds(4850), screen: 24)
        #expect(speed.samples == [SelectionSpeed.Sample(at: .milliseconds(4850), position: 900)])
    }

    // MARK: - Round trips
    @Test("latency: the longest of the last five round trips, from request to answer")
    func roundTrips() {
        var trips = RoundTrips()
        #expect(trips.latency == nil)
        trips.sent(RequestToken(value: 1), at: .milliseconds(0))
        trips.sent(RequestToken(value: 2), at: .milliseconds(10))
        trips.answered(RequestToken(value: 2), at: .milliseconds(130))
        #expect(trips.latency == .milliseconds(120))
        trips.answered(RequestToken(value: 1), at: .milliseconds(300))
        #expect(trips.latency == .milliseconds(300))
        // An answer to nothing sent, or answered twice, measures nothing.
        trips.answered(RequestToken(value: 1), at: .milliseconds(900))
        trips.answered(RequestToken(value: 9), at: .milliseconds(900))
        #expect(trips.recent == [.milliseconds(120), .milliseconds(300)])
        // Five fast answers push the slow one out.
        for value in 10..<15 {
            trips.sent(RequestToken(value: value), at: .milliseconds(1000))
            trips.answered(RequestToken(value: value), at: .milliseconds(1000 + value))
        }
        #expect(trips.recent.count == 5)
        #expect(trips.latency == .milliseconds(14))
    }

    // MARK: - Lead
    @Test("lead: the normal two screens until a latency is measured, a round trip of key repeat at rest")
    func leadAtRest() {
        #expect(PrefetchLead.compute(screen: 24, photosPerSecond: 500, latency: nil) == PrefetchLead(photosAhead: 48, pagesInFlight: 1))
        // 100 ms: a held key covers 3 screens per round trip, plus the screen that measures it and one more.
        #expect(
            PrefetchLead.compute(screen: 24, photosPerSecond: 0, latency: .milliseconds(100))
                == PrefetchLead(photosAhead: 120, pagesInFlight: 6))
        #expect(
            PrefetchLead.compute(screen: 50, photosPerSecond: 0, latency: .milliseconds(300))
                == PrefetchLead(photosAhead: 550, pagesInFlight: 6))
        // 101 ms rounds up to 4 presses; a latency of 0 (the cache) leaves the normal lead.
        #expect(PrefetchLead.compute(screen: 24, photosPerSecond: 0, latency: .milliseconds(101)).photosAhead == 144)
        #expect(PrefetchLead.compute(screen: 24, photosPerSecond: 0, latency: .zero).photosAhead == 48)
    }

    @Test("lead while moving: a screen plus twice the photos passed in one round trip")
    func leadMoving() {
        // 30 screens of 24 a second, 100 ms: 24 + 2 × 72.
        #expect(
            PrefetchLead.compute(screen: 24, photosPerSecond: 720, latency: .milliseconds(100))
                == PrefetchLead(photosAhead: 168, pagesInFlight: 6))
        // 30 screens of 50 a second, 300 ms: 50 + 2 × 450.
        #expect(PrefetchLead.compute(screen: 50, photosPerSecond: 1500, latency: .milliseconds(300)).photosAhead == 950)
        // Slow moves keep the lead at rest.
        #expect(PrefetchLead.compute(screen: 24, photosPerSecond: 100, latency: .milliseconds(100)).photosAhead == 120)
    }

    @Test("the memory bound caps the photos ahead, never below the normal lead; the call budget caps pages in flight")
    func leadCaps() {
        let fast = (screen: 50, speed: 1500.0, latency: Duration.milliseconds(300))
        func lead(_ limits: PrefetchLead.Limits) -> PrefetchLead {
            PrefetchLead.compute(screen: fast.screen, photosPerSecond: fast.speed, latency: fast.latency, limits: limits)
        }
        #expect(lead(PrefetchLead.Limits(maxPhotosAhead: 400)) == PrefetchLead(photosAhead: 400, pagesInFlight: 6))
        #expect(lead(PrefetchLead.Limits(maxPhotosAhead: 10)) == PrefetchLead(photosAhead: 100, pagesInFlight: 6))
        #expect(lead(PrefetchLead.Limits(maxPagesInFlight: 2)) == PrefetchLead(photosAhead: 950, pagesInFlight: 2))
        // Flickr's hour: 720 calls (a fifth) are kept for what the user asks for.
        #expect(PrefetchLead.budgetReserve == 720)
        #expect(lead(PrefetchLead.Limits(callsLeft: 3600)) == PrefetchLead(photosAhead: 950, pagesInFlight: 6))
        #expect(lead(PrefetchLead.Limits(callsLeft: 723)) == PrefetchLead(photosAhead: 950, pagesInFlight: 3))
        #expect(lead(PrefetchLead.Limits(callsLeft: 720)) == PrefetchLead(photosAhead: 100, pagesInFlight: 1))
        #expect(lead(PrefetchLead.Limits(callsLeft: 0)) == PrefetchLead(photosAhead: 100, pagesInFlight: 1))
    }

    // MARK: - In the reducer
    /// 120×40 with timed actions: page 1 of 100 asked at 0 ms and answered at `latency`.
    static func timedStart(latency: Int = 100) -> (state: AppState, effects: [Effect], screen: Int) {
        var state = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], colors: false, randomSeed: 42),
            size: CellSize(columns: 120, rows: 40))
        let layout = ScreenLayout(state)
        let first = start(&state, at: .zero)
        let token = loadToken(first)!
        let effects = reduce(&state, .timed(.feed(.pageLoaded(token: token, page: 1, .success(page(1)))), at: .milliseconds(latency)))
        return (state, effects, layout.gridColumns * layout.visibleRows)
    }

    @Test("a measured round trip: the feed loads a round trip of key repeat ahead, several pages at once")
    func reducerAtRest() {
        let (state, effects, _) = Self.timedStart()
        #expect(state.prefetch.latency == .milliseconds(100))
        // 120×40 with the detail pane: a grid of 75 columns (120 − 44 − 1), 3 cards of 24 across, 37 rows of
        // body, 9 cards of 4 down: 27 a screen. 5 screens ahead is photo 135; page 1 holds 0–99, page 2 the
        // rest (100–199).
        #expect(loadedPages(effects) == [2])
        #expect(state.feeds[.recent].feed.loadingPages == [2])
    }

    @Test("untimed actions keep the fixed two screens ahead and one page at a time")
    func untimedUnchanged() {
        var (state, effects) = startedState(columns: 120, rows: 40)
        effects = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1)))))
        #expect(effects == [])
        #expect(state.prefetch.latency == nil)
    }

    @Test("answers out of order wait for the page before them; the feed fills in page order")
    func outOfOrderAnswers() throws {
        // 300 ms: 11 screens (297 photos) ahead at rest, two pages of 100 more at once.
        var (state, effects, _) = Self.timedStart(latency: 300)
        let loads = effects.compactMap { effect -> (Int, RequestToken)? in
            if case .loadPage(_, let number, let token) = effect { (number, token) } else { nil }
        }
        #expect(loads.map(\.0) == [2, 3])
        let (second, secondToken) = try #require(loads.first)
        let (third, thirdToken) = try #require(loads.dropFirst().first)
        effects = reduce(&state, .timed(.feed(.pageLoaded(token: thirdToken, page: third, .success(page(third)))), at: .milliseconds(590)))
        #expect(state.feeds[.recent].count == 100)
        effects = reduce(
            &state, .timed(.feed(.pageLoaded(token: secondToken, page: second, .success(page(second)))), at: .milliseconds(600)))
        #expect(state.feeds[.recent].count == 300)
        #expect(state.feeds[.recent].photos.map(\.id) == (1...300).map(String.init))
    }

    @Test("held PgDn at 30 a second asks further ahead; once it stops, nothing more is asked")
    func reducerMovingAndRelaxing() {
        var (state, effects, screen) = Self.timedStart()
        var pending: [(token: RequestToken, page: Int, due: Int)] = []
        var now = 100
        func track(_ effects: [Effect]) {
            for case .loadPage(_, let number, let token) in effects { pending.append((token, number, now + 100)) }
        }
        track(effects)
        var mostAhead = 0
        // 30 presses, one every 33 ms (a tenth of a second per three), answers 100 ms after their request.
        for press in 0..<30 {
            while let next = pending.min(by: { $0.due < $1.due }), next.due <= 1000 + press * 100 / 3 {
                pending.removeAll { $0.token == next.token }
                now = next.due
                track(
                    reduce(
                        &state,
                        .timed(
                            .feed(.pageLoaded(token: next.token, page: next.page, .success(page(next.page)))), at: .milliseconds(next.due)))
                )
            }
            now = 1000 + press * 100 / 3
            track(reduce(&state, .timed(.key(.pageDown), at: .milliseconds(now))))
            #expect(state.feeds[.recent].selection < state.feeds[.recent].count)
            mostAhead = max(mostAhead, state.feeds[.recent].count + pending.count * 100 - 1 - state.feeds[.recent].selection)
        }
        #expect(state.prefetch.photosPerSecond > Double(29 * screen))
        // While moving the lead is more than the lead at rest (5 screens).
        #expect(mostAhead > 5 * screen)
        // Answer everything, then wait: the speed falls to 0 and an arrow key asks for nothing.
        for next in pending.sorted(by: { $0.due < $1.due }) {
            _ = reduce(
                &state,
                .timed(.feed(.pageLoaded(token: next.token, page: next.page, .success(page(next.page)))), at: .milliseconds(next.due)))
        }
        _ = reduce(&state, .timed(.runtime(.tick), at: .milliseconds(now + 600)))
        #expect(state.prefetch.photosPerSecond == 0)
        #expect(reduce(&state, .timed(.key(.right), at: .milliseconds(now + 700))) == [])
    }

    @Test("with Flickr's hour nearly spent, prefetch is back to one page at a time")
    func budgetRespected() {
        var state = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], colors: false, randomSeed: 42),
            size: CellSize(columns: 120, rows: 40))
        let first = start(&state, at: .zero)
        _ = reduce(&state, .runtime(.callsLeft(700)))
        let effects = reduce(
            &state, .timed(.feed(.pageLoaded(token: loadToken(first)!, page: 1, .success(page(1)))), at: .milliseconds(100)))
        #expect(state.prefetch.limits.callsLeft == 700)
        // The normal lead: two screens of 120×40 fit in page 1's 100 photos, so nothing is asked.
        #expect(effects == [])
    }
}
