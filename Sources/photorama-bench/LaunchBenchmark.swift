import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `photorama-bench launch [--runs N] [--binary PATH]`: launch to the first grid of photos, for real.
///
/// Runs the `photorama` binary (built next to this one) in a detached tmux session, as a person would,
/// with `--demo` (it starts its own demo server) and the hidden `--first-grid-report FILE`, which writes
/// the milliseconds from `main` to the first frame that shows photos and quits. Prints the median.
enum LaunchBenchmark {
    static func run(_ arguments: [String]) async throws {
        var runs = 15
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            runs = max(1, value)
        }
        let binary = try BenchShell.photoramaBinary(arguments)
        var fromMain: [Double] = []
        var external: [Double] = []
        for run in 0..<runs {
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-launch-\(getpid())-\(run)").path
            try? FileManager.default.removeItem(atPath: report)
            let socket = "photorama-bench-\(getpid())-\(run)"
            let command = "env LANG=C.UTF-8 TERM=xterm-256color \(binary) --demo --first-grid-report \(report)"
            let start = ContinuousClock.now
            let started = BenchShell.run("tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 40 '\(command)'")
            guard started == 0 else {
                throw BenchmarkFailure("tmux could not start (status \(started); is it installed?)")
            }
            let deadline = start + .seconds(20)
            var text: String?
            while ContinuousClock.now < deadline {
                if let value = try? String(contentsOfFile: report, encoding: .utf8), value.hasSuffix("\n") {
                    text = value
                    break
                }
                usleep(1_000)
            }
            let wall = ContinuousClock.now - start
            _ = BenchShell.run("tmux -L \(socket) kill-server")
            try? FileManager.default.removeItem(atPath: report)
            guard let text, let milliseconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("run \(run + 1): no first grid within 20 s")
            }
            fromMain.append(milliseconds)
            external.append(Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15)
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        print(String(format: "launch to first grid (--demo, 120x40, %d runs): median %.1f ms from main, min %.1f, max %.1f", runs, median(fromMain), fromMain.min() ?? 0, fromMain.max() ?? 0))
        print(String(format: "including tmux and process start (seen from outside): median %.1f ms", median(external)))
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
