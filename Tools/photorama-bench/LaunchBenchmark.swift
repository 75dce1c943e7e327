import DemoServer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench launch [--runs N] [--binary PATH] [--demo|--cached|--commons]`: launch to the first grid of photos, for real.
///
/// `--commons`: the first grid of a Commons search ("commons: sunset") from the demo server.
///
/// `--cached`: the services are a demo server in this process, reached as a real service would be (so
/// answers are cached), and every run shares one cache folder that an untimed first launch filled: the
/// first grid comes from the cache, as on the second launch of the day with Flickr.
///
/// Runs the `photorama` binary (built next to this one) in a tmux pane of 120×40, as a person would, with
/// `--demo` (it starts its own demo server) and the hidden `--first-grid-report FILE`, which writes the
/// milliseconds from `main` to the first drawn frame that shows photos, and the wall-clock instant of that
/// frame, then quits. The pane's shell notes the wall-clock instant just before it `exec`s the binary, so
/// "from spawn" counts everything a user waits for: loading the program, `main`, the server, the first
/// page, ncurses. The tmux server is started once, before the runs, so its own start is not counted.
/// Prints median and 90th percentile of both, and the median from spawn as a multiple of `photorama --help`'s
/// (`HelpBaseline`, one before each launch).
enum LaunchBenchmark {
    static func run(_ arguments: [String]) async throws {
        var runs = 15
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            runs = max(1, value)
        }
        let binary = try BenchShell.photoramaBinary(arguments)
        if arguments.contains("--commons") {
            // The first grid of a Commons search, from the demo server standing in for Commons, beside the same
            // search of Flickr's demo (both need the demo catalogue's word index).
            try await measure(cached: false, runs: runs, binary: binary, services: "--demo browse --text 'commons: sunset'")
            try await measure(cached: false, runs: runs, binary: binary, services: "--demo browse --text sunset")
            try await measure(cached: false, runs: runs, binary: binary, services: "--demo browse --text 'commons: 48.8566, 2.3522 5km'")
            return
        }
        // Both by default (the report's row); --demo or --cached for one of them.
        if !arguments.contains("--cached") { try await measure(cached: false, runs: runs, binary: binary) }
        if !arguments.contains("--demo") { try await measure(cached: true, runs: runs, binary: binary) }
    }

    static func measure(cached: Bool, runs: Int, binary: String, services given: String = "--demo") async throws {
        var server: RunningDemoServer?
        var services = given
        if cached {
            let running = try await RunningDemoServer.start(DemoServerConfiguration())
            server = running
            services = running.serviceOptions
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-launch-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = BenchInterrupt.socket("launch")
        guard BenchShell.run("tmux -L \(socket) -f /dev/null new-session -d -s bench -x 120 -y 40 'sleep 3600'") == 0 else {
            throw BenchmarkFailure("tmux could not start (is it installed?)")
        }
        defer { BenchShell.stopTmuxServer(socket) }
        // The program quits after its report; the pane must outlive it for the next respawn.
        _ = BenchShell.run("tmux -L \(socket) set-option -g remain-on-exit on")
        var fromMain: [Double] = []
        var fromSpawn: [Double] = []
        var help: [Double] = []
        // With --cached, run 0 fills the shared cache and is not counted.
        for run in 0..<(cached ? runs + 1 : runs) {
            help.append(try HelpBaseline.measure(binary))
            let report = "\(folder)/grid-\(run)"
            let spawned = "\(folder)/spawn-\(run)"
            // Fresh XDG folders: no saved photos, cache or settings of the person running the benchmark.
            let cacheFolder = cached ? "\(folder)/cache-shared" : "\(folder)/cache-\(run)"
            let keys = cached ? " " + RunningDemoServer.keyEnvironment : ""
            let environment =
                "LANG=C.UTF-8 TERM=xterm-256color XDG_DATA_HOME=\(folder)/data XDG_CACHE_HOME=\(cacheFolder) XDG_CONFIG_HOME=\(folder)/config\(keys)"
            let pane = "date +%s%N > \(spawned); exec env \(environment) \(binary) \(services) --first-grid-report \(report)"
            guard BenchShell.run("tmux -L \(socket) respawn-pane -k -t bench \"\(pane)\"") == 0 else {
                throw BenchmarkFailure("run \(run + 1): tmux could not start the program")
            }
            let deadline = ContinuousClock.now + .seconds(20)
            var text: String?
            while ContinuousClock.now < deadline {
                if let value = try? String(contentsOfFile: report, encoding: .utf8), value.hasSuffix("\n") {
                    text = value
                    break
                }
                usleep(1_000)
            }
            let fields = text?.split(whereSeparator: \.isWhitespace) ?? []
            guard fields.count == 2, let milliseconds = Double(fields[0]), let drawnAt = Int64(fields[1]),
                let spawnText = try? String(contentsOfFile: spawned, encoding: .utf8),
                let spawnedAt = Int64(spawnText.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                throw BenchmarkFailure("run \(run + 1): no first grid within 20 s")
            }
            if cached {
                // Runs share the cache: each ends (its writes done) before the next starts. (`run` sends the
                // line's stdin to /dev/null, so the test is one command, not a pipe into grep.)
                let exited = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < exited,
                    BenchShell.run("[ \"$(tmux -L \(socket) display -p -t bench '#{pane_dead}')\" = 1 ]") != 0
                {
                    usleep(2_000)
                }
                if run == 0 { continue }
            }
            fromMain.append(milliseconds)
            fromSpawn.append(Double(drawnAt - spawnedAt) / 1e6)
            // The program quits after the report; the next respawn replaces it if it has not yet.
        }
        await server?.stop()
        print(
            String(
                format:
                    "launch to first grid (%@, 120x40, %d runs): median %.1f ms from spawn (p90 %.1f), %.1f ms from main (p90 %.1f); --help %.1f ms: %.1fx",
                cached ? "from the cache" : given, runs, Stats.median(fromSpawn), Stats.percentile(fromSpawn, 0.9),
                Stats.median(fromMain), Stats.percentile(fromMain, 0.9), Stats.median(help), Stats.median(fromSpawn) / Stats.median(help)))
    }
}

/// Order statistics of measured times.
enum Stats {
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The nearest-rank percentile (`fraction` 0.9 for p90).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
