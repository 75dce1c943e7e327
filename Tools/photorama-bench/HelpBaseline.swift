import Foundation

/// `photorama --help` from spawn to exit: the floor every launch pays (loading the program and the Swift
/// runtime, parsing arguments). Launch figures are given as multiples of it, measured in the same run,
/// interleaved with the launches so both see the same machine.
enum HelpBaseline {
    /// Milliseconds from spawn to exit of one `binary --help`, output to /dev/null.
    static func measure(_ binary: String) throws -> Double {
        let start = ContinuousClock.now
        let status = BenchShell.spawnAndWait(binary, ["--help"], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        let elapsed = ContinuousClock.now - start
        guard status == 0 else { throw BenchmarkFailure("photorama --help exited with status \(status)") }
        return Self.milliseconds(elapsed)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
