import Foundation
import PhotoramaImages

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench prefetch [--latency-ms 100] [--photos 3000] [--size 120x40] [--rate 30] [--query a]`:
/// the real browser against its demo server with added latency. It searches for `query` (the Recent feed
/// stops at 1,000 photos, as Flickr's does; "a" matches 4,000), then holds PgDn (sent at `rate` per second
/// through tmux) until the selection passes `photos`, and reports the share of frames whose selected card
/// showed "loading…".
/// The binary counts frames itself (hidden `--frame-stats FILE`).
/// With `--simulate` the same run happens on simulated time through the reducer and renderer alone
/// (`PrefetchSimulation`; `--untimed`: actions without time, the fixed two screens ahead of before).
enum PrefetchBenchmark {
    static func run(_ arguments: [String]) async throws {
        func value(_ name: String, _ fallback: String) -> String {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
            return arguments[index + 1]
        }
        let latency = Int(value("--latency-ms", "100")) ?? 100
        let target = Int(value("--photos", "3000")) ?? 3000
        let rate = max(1, Int(value("--rate", "30")) ?? 30)
        let size = value("--size", "120x40").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw BenchmarkFailure("--size wants COLUMNSxROWS") }
        if arguments.contains("--simulate") {
            var simulation = PrefetchSimulation(size: CellSize(columns: size[0], rows: size[1]), latencyMilliseconds: Double(latency))
            simulation.rate = Double(rate)
            simulation.target = target
            simulation.timed = !arguments.contains("--untimed")
            print(describe(simulation))
            return
        }
        let binary = try BenchShell.photoramaBinary(arguments)
        let stats = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-frames-\(getpid())").path
        try? FileManager.default.removeItem(atPath: stats)
        let socket = BenchInterrupt.socket("prefetch")
        let command = "env LANG=C.UTF-8 TERM=xterm-256color \(binary) --demo --demo-latency-ms \(latency) --frame-stats \(stats)"
        guard BenchShell.run("tmux -L \(socket) -f /dev/null new-session -d -x \(size[0]) -y \(size[1]) '\(command)'") == 0 else {
            throw BenchmarkFailure("tmux could not start")
        }
        defer {
            BenchShell.stopTmuxServer(socket)
            try? FileManager.default.removeItem(atPath: stats)
        }
        func read() -> (frames: Int, loading: Int, selection: Int)? {
            guard let text = try? String(contentsOfFile: stats, encoding: .utf8) else { return nil }
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
            return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
        }
        let clock = ContinuousClock()
        let startDeadline = clock.now + .seconds(20)
        while read() == nil {
            guard clock.now < startDeadline else { throw BenchmarkFailure("no grid within 20 s") }
            try await Task.sleep(for: .milliseconds(10))
        }
        let query = value("--query", "a")
        _ = BenchShell.run(
            "tmux -L \(socket) send-keys / && tmux -L \(socket) send-keys -l '\(query)' && tmux -L \(socket) send-keys Enter")
        // The search's first page arrives after one round trip (plus the added latency).
        try await Task.sleep(for: .milliseconds(1500 + latency * 2))
        let before = read() ?? (0, 0, 0)
        let interval = Duration.milliseconds(1000 / rate)
        var presses = 0
        let holdDeadline = clock.now + .seconds(120)
        var next = clock.now
        while (read()?.selection ?? 0) < target, clock.now < holdDeadline {
            _ = BenchShell.run("tmux -L \(socket) send-keys PageDown")
            presses += 1
            next += interval
            if next > clock.now { try await Task.sleep(until: next, clock: clock) }
        }
        try await Task.sleep(for: .milliseconds(300))
        guard let after = read() else { throw BenchmarkFailure("no frame statistics") }
        let frames = after.frames - before.frames
        let loading = after.loading - before.loading
        print(
            String(
                format:
                    "prefetch, real binary %dx%d, demo latency %d ms, PgDn at %d/s (%d presses) to photo %d: %d of %d frames (%.2f%%) show loading… on the selected card",
                size[0], size[1], latency, rate, presses, after.selection, loading, frames,
                frames > 0 ? Double(loading) / Double(frames) * 100 : 0))
    }

    /// One line for a simulation's result.
    static func describe(_ simulation: PrefetchSimulation) -> String {
        let result = simulation.run()
        return String(
            format:
                "prefetch simulation%@ %dx%d, demo latency %.0f ms, PgDn at %.0f/s to photo %d: %d of %d frames (%.2f%%) show loading… on the selected card; %d pages asked, at most %d in flight; slowest frame (reduce + render) %.2f ms",
            simulation.timed ? "" : " (untimed)", simulation.size.columns, simulation.size.rows, simulation.latencyMilliseconds,
            simulation.rate, result.reached, result.loadingFrames, result.frames, result.loadingShare, result.pagesAsked,
            result.mostInFlight,
            Double(result.slowestFrame.components.attoseconds) / 1e15 + Double(result.slowestFrame.components.seconds) * 1000)
    }
}
