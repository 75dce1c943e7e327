import Foundation
import TestProcesses
import Testing

/// A one-minute soak to its end: the real browser in tmux under seeded random keys, resizes to tiny sizes,
/// searches and downloads against the demo server with its faults on. It is the suite's only run of the
/// viewer at tiny sizes with links in it; a crash there (the viewer caption's range at 9 columns) showed
/// before only as an interrupted soak failing elsewhere.
@Suite struct SoakEndToEndTests {
    @Test func aOneMinuteSoakPasses() async throws {
        let stdout = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-soak-test-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: stdout) }
        let bench = try ChildProcess(
            ProductBinary.path("photorama-bench"), ["soak", "--minutes", "1", "--seed", "3"],
            environment: ProcessInfo.processInfo.environment, streams: .init(stdout: stdout, stderr: stdout))
        defer { bench.killAndReap() }
        // One minute of keys; the first grid, the checkpoints and `q` add at most a minute or two on a loaded machine.
        let status = await bench.exitStatus(within: .seconds(300))
        let report = CapturedOutput.text(atPath: stdout)
        #expect(status == 0, "the soak said: \(report)")
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.last == "PASS", "the soak said: \(report)")
        let ending = "crashes: 0; exit status after q: 0; alternate screen left: yes; cursor visible: yes"
        #expect(lines.contains(ending), "the soak said: \(report)")
        // A passing soak keeps nothing to read; a failing one keeps its screens for whoever looks.
        if status == 0 { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "photorama-soak-\(bench.pid)") }
    }
}
