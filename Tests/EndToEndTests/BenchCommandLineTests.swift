import Testing

/// photorama-bench's own command line: `--help` answers at once instead of starting the benchmark.
@Suite struct BenchCommandLineTests {
    @Test func helpAfterABenchmarkNamePointsToTheREADMEAndRunsNothing() async throws {
        // Before, `soak --help` ran a two-minute soak; the deadline fails the test long before that.
        let result = try await CommandRun.run(ProductBinary.path("photorama-bench"), ["soak", "--help"], deadline: .seconds(30))
        #expect(result.status == 0)
        #expect(result.stdout == "photorama-bench soak: its options are listed in README.md, \"Benchmarks\"\n")
        #expect(result.stderr == "")
    }
}
