import PhotoramaImages
import Testing

@testable import photorama_bench

/// The prefetch simulation is deterministic (simulated time, the real reducer and renderer), so its counts
/// are exact: PgDn held at 30 a second to photo 3,000 never lands on "loading…" at 100 ms latency.
@Suite struct PrefetchSimulationTests {
    /// The counts of a run: frames drawn while PgDn was held, those showing "loading…", where the selection
    /// stopped, pages asked and the most in flight at once (not the host's time).
    struct Counts: Equatable {
        var frames, loadingFrames, reached, pagesAsked, mostInFlight: Int

        init(frames: Int, loadingFrames: Int, reached: Int, pagesAsked: Int, mostInFlight: Int) {
            (self.frames, self.loadingFrames, self.reached, self.pagesAsked, self.mostInFlight) =
                (frames, loadingFrames, reached, pagesAsked, mostInFlight)
        }

        init(_ result: PrefetchSimulation.Result) {
            self.init(
                frames: result.frames, loadingFrames: result.loadingFrames, reached: result.reached, pagesAsked: result.pagesAsked,
                mostInFlight: result.mostInFlight)
        }
    }

    // A PgDn moves a screen (27 photos at 120×40, 70 at 200×60); the selection passes 3,000 on the press that
    // crosses it. No frame shows "loading…".
    @Test(arguments: [
        (CellSize(columns: 120, rows: 40), Counts(frames: 123, loadingFrames: 0, reached: 3024, pagesAsked: 13, mostInFlight: 2)),
        (CellSize(columns: 200, rows: 60), Counts(frames: 50, loadingFrames: 0, reached: 3010, pagesAsked: 12, mostInFlight: 4)),
    ])
    func noLoadingFramesAt100Milliseconds(size: CellSize, expected: Counts) {
        #expect(Counts(PrefetchSimulation(size: size, latencyMilliseconds: 100).run()) == expected)
    }

    // At 300 ms more pages go at once (up to the cap of 6) and still no frame shows "loading…".
    @Test(arguments: [
        (CellSize(columns: 120, rows: 40), Counts(frames: 122, loadingFrames: 0, reached: 3024, pagesAsked: 14, mostInFlight: 5)),
        (CellSize(columns: 200, rows: 60), Counts(frames: 47, loadingFrames: 0, reached: 3010, pagesAsked: 13, mostInFlight: 6)),
    ])
    func noLoadingFramesAt300Milliseconds(size: CellSize, expected: Counts) {
        #expect(Counts(PrefetchSimulation(size: size, latencyMilliseconds: 300).run()) == expected)
    }

    @Test func withoutTimeTheOldRuleStillLandsOnLoading() {
        // The same run with untimed actions (two screens ahead, one page at a time) shows the problem.
        var simulation = PrefetchSimulation(size: CellSize(columns: 200, rows: 60), latencyMilliseconds: 100)
        simulation.timed = false
        #expect(Counts(simulation.run()) == Counts(frames: 61, loadingFrames: 13, reached: 3000, pagesAsked: 11, mostInFlight: 1))
    }
}
