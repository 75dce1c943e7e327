import PhotoramaImages
import Testing

@testable import photorama_bench

/// The prefetch simulation is deterministic (simulated time, the real reducer and renderer), so its counts
/// are exact: PgDn held at 30 a second to photo 3,000 never lands on "loading…" at 100 ms latency.
@Suite struct PrefetchSimulationTests {
    @Test(arguments: [CellSize(columns: 120, rows: 40), CellSize(columns: 200, rows: 60)])
    func noLoadingFramesAt100Milliseconds(size: CellSize) {
        let result = PrefetchSimulation(size: size, latencyMilliseconds: 100).run()
        #expect(result.reached >= 3_000)
        #expect(result.frames > 0)
        #expect(result.loadingFrames == 0)
    }

    @Test(arguments: [CellSize(columns: 120, rows: 40), CellSize(columns: 200, rows: 60)])
    func atMostTwoPercentAt300Milliseconds(size: CellSize) {
        let result = PrefetchSimulation(size: size, latencyMilliseconds: 300).run()
        #expect(result.reached >= 3_000)
        #expect(result.loadingFrames * 50 <= result.frames)
    }

    @Test func withoutTimeTheOldRuleStillLandsOnLoading() {
        // The same run with untimed actions (two screens ahead, one page at a time) shows the problem.
        var simulation = PrefetchSimulation(size: CellSize(columns: 200, rows: 60), latencyMilliseconds: 100)
        simulation.timed = false
        let result = simulation.run()
        #expect(result.reached >= 3_000)
        #expect(result.loadingFrames > 0)
        #expect(result.mostInFlight == 1)
    }
}
