import Testing

@testable import photorama_bench

/// `photorama-bench link --rate`: the link's rate as `tc` and SSH users write it.
@Suite struct LinkBenchmarkTests {
    @Test func ratesReadAsBitsASecond() throws {
        #expect(try LinkBenchmark.bitsPerSecond("10mbit") == 10_000_000)
        #expect(try LinkBenchmark.bitsPerSecond("512kbit") == 512_000)
        #expect(try LinkBenchmark.bitsPerSecond("1.5Mbit") == 1_500_000)
        #expect(try LinkBenchmark.bitsPerSecond("2000000") == 2_000_000)
        #expect(throws: BenchmarkFailure.self) { try LinkBenchmark.bitsPerSecond("fast") }
        #expect(throws: BenchmarkFailure.self) { try LinkBenchmark.bitsPerSecond("0mbit") }
    }
}
