import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench thumbnails paging|memory [options]`: the real browser in tmux with thumbnail cards,
/// over its demo server.
/// - paging [--latency-ms 100] [--photos 1000] [--rate 30] [--size 120x40] [--runs 3] [--images blocks]:
///   PgDn held at `rate` per second through the Recent feed until the selection reaches the last of
///   `photos`. The binary reports (hidden `--thumbnail-report`), for every card that appeared, the
///   milliseconds until a frame showed its picture, or how long it was visible when it left unpainted, and
///   the CPU time of each frame's render and draw (CLOCK_THREAD_CPUTIME_ID).
/// - memory [--photos 5000] [--query a]: PgDn held through a search's results; resident memory (VmRSS)
///   each time the selection passes another 1,000 photos.
enum ThumbnailsBenchmark {
    // MARK: - Running
    static func run(_ arguments: [String]) async throws {
        switch arguments.first ?? "paging" {
        case "paging": try await paging(arguments)
        case "memory": try await memory(arguments)
        default: throw BenchmarkFailure("usage: photorama-bench thumbnails paging|memory [options]")
        }
    }

    static func value(_ arguments: [String], _ name: String, _ fallback: String) -> String {
        ImagesBenchmark.value(arguments, name, fallback)
    }

    // MARK: - Browser session
    /// The browser in tmux on a socket of its own, with its frame statistics and thumbnail report.
    struct Browser {
        let socket: String
        let stats: String
        let report: String

        /// `server`: the services' options (`--flickr-url …`), or the embedded demo server when nil.
        init(binary: String, size: [Int], extra: String, server: String? = nil) throws {
            let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            socket = BenchInterrupt.socket("thumbnails", unique: true)
            stats = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-frames-\(tag)").path
            report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-thumbnails-\(tag)").path
            let command =
                "env LANG=C.UTF-8 TERM=xterm-256color COLORTERM=truecolor NO_COLOR= \(binary) \(server ?? "--demo") --seed 3 --thumbnails on --frame-stats \(stats) --thumbnail-report \(report) \(extra)"
            guard BenchShell.run("tmux -L \(socket) -f /dev/null new-session -d -x \(size[0]) -y \(size[1]) '\(command)'") == 0 else {
                throw BenchmarkFailure("tmux could not start")
            }
        }

        func stop() {
            BenchShell.stopTmuxServer(socket)
            try? FileManager.default.removeItem(atPath: stats)
            try? FileManager.default.removeItem(atPath: report)
        }

        func send(_ keys: String) { _ = BenchShell.run("tmux -L \(socket) send-keys \(keys)") }

        var selection: Int? {
            guard let text = try? String(contentsOfFile: stats, encoding: .utf8) else { return nil }
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
            return parts.count == 3 ? parts[2] : nil
        }

        func waitForGrid() async throws {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while selection == nil {
                guard clock.now < deadline else { throw BenchmarkFailure("no grid within 30 s") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        /// Holds PgDn at `rate` per second until the selection reaches `target`, stops moving for 3 s (the
        /// end of the feed), or 180 s pass.
        func holdPageDown(rate: Int, until target: Int, watch: (Int) -> Void = { _ in }) async throws -> Int {
            let clock = ContinuousClock()
            let interval = Duration.milliseconds(1000 / max(1, rate))
            let deadline = clock.now + .seconds(180)
            var next = clock.now
            var presses = 0
            var last = (selection: -1, since: clock.now)
            while let current = selection, current < target, clock.now < deadline {
                if current != last.selection {
                    last = (current, clock.now)
                } else if clock.now - last.since > .seconds(3) {
                    break
                }
                watch(current)
                send("PageDown")
                presses += 1
                next += interval
                if next > clock.now { try await Task.sleep(until: next, clock: clock) }
            }
            return presses
        }

        /// Quits and returns the report the browser writes on its way out.
        func quitAndReadReport() async throws -> String {
            send("q")
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while true {
                if let text = try? String(contentsOfFile: report, encoding: .utf8) { return text }
                guard clock.now < deadline else { throw BenchmarkFailure("no thumbnail report 30 s after q") }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// The browser's resident memory in MB, from /proc.
        var residentMB: Double? { BenchShell.residentMB(ofPaneIn: socket) }
    }

    struct PagingRun {
        var painted: [Double] = []
        var missed: [Double] = []
        var cpu: [Double] = []
        var presses = 0
        var selection = 0

        init(report: String) {
            for line in report.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let number = Double(parts[1]) else { continue }
                switch parts[0] {
                case "painted": painted.append(number)
                case "missed": missed.append(number)
                case "cpu": cpu.append(number)
                default: break
                }
            }
        }

        /// Cards a person could see: painted ones, and those on screen at least 300 ms without a picture.
        var seen: Int { painted.count + missed.filter { $0 >= 300 }.count }
        var within300: Int { painted.filter { $0 <= 300 }.count }
        var share: Double { seen > 0 ? Double(within300) / Double(seen) * 100 : 0 }
    }

    // MARK: - Paging
    static func paging(_ arguments: [String]) async throws {
        let latency = Int(value(arguments, "--latency-ms", "100")) ?? 100
        let photos = Int(value(arguments, "--photos", "1000")) ?? 1000
        let rate = max(1, Int(value(arguments, "--rate", "30")) ?? 30)
        let runs = max(1, Int(value(arguments, "--runs", "3")) ?? 3)
        let images = value(arguments, "--images", "blocks")
        let size = value(arguments, "--size", "120x40").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw BenchmarkFailure("--size wants COLUMNSxROWS") }
        let binary = try BenchShell.photoramaBinary(arguments)
        var results: [PagingRun] = []
        for run in 1...runs {
            let browser = try Browser(binary: binary, size: size, extra: "--images \(images) --demo-latency-ms \(latency)")
            defer { browser.stop() }
            try await browser.waitForGrid()
            // The first screen's thumbnails, as a person opening the browser would see them.
            try await Task.sleep(for: .milliseconds(1000 + latency * 2))
            let presses = try await browser.holdPageDown(rate: rate, until: photos - 1)
            let selection = browser.selection ?? 0
            // The last screen's pictures arrive; then quit, which writes the report.
            try await Task.sleep(for: .milliseconds(1000))
            var result = PagingRun(report: try await browser.quitAndReadReport())
            result.presses = presses
            result.selection = selection
            results.append(result)
            let p = ImagesBenchmark.percentile
            print(
                String(
                    format:
                        "run %d: %d presses to photo %d; %d cards painted (p50 %.0f ms, p90 %.0f, p99 %.0f, max %.0f), %d left unpainted after p50 %.0f ms on screen (%d of them after 300 ms or more); painted within 300 ms: %d of %d seen = %.1f%%; frames %d, CPU per frame p50 %.2f ms, p99 %.2f, max %.2f, over 16 ms: %d",
                    run, presses, selection, result.painted.count, p(result.painted, 0.5), p(result.painted, 0.9), p(result.painted, 0.99),
                    result.painted.max() ?? 0, result.missed.count, p(result.missed, 0.5), result.missed.filter { $0 >= 300 }.count,
                    result.within300, result.seen,
                    result.share, result.cpu.count, p(result.cpu, 0.5), p(result.cpu, 0.99), result.cpu.max() ?? 0,
                    result.cpu.filter { $0 > 16 }.count))
        }
        let median = ImagesBenchmark.median
        print(
            String(
                format:
                    "thumbnails, real binary %dx%d, --images %@, demo latency %d ms, PgDn at %d/s through %d photos, median of %d runs: painted within 300 ms %.1f%% (target ≥ 95%%); paint latency p50 %.0f ms, p90 %.0f, p99 %.0f, max %.0f; frame CPU p50 %.2f ms, max %.2f ms (target: none over 16 ms)",
                size[0], size[1], images, latency, rate, photos, runs, median(results.map(\.share)),
                median(results.map { ImagesBenchmark.percentile($0.painted, 0.5) }),
                median(results.map { ImagesBenchmark.percentile($0.painted, 0.9) }),
                median(results.map { ImagesBenchmark.percentile($0.painted, 0.99) }), median(results.map { $0.painted.max() ?? 0 }),
                median(results.map { ImagesBenchmark.percentile($0.cpu, 0.5) }), median(results.map { $0.cpu.max() ?? 0 })))
    }

    // MARK: - Memory
    static func memory(_ arguments: [String]) async throws {
        let photos = max(1000, Int(value(arguments, "--photos", "5000")) ?? 5000)
        let rate = max(1, Int(value(arguments, "--rate", "30")) ?? 30)
        let images = value(arguments, "--images", "blocks")
        let binary = try BenchShell.photoramaBinary(arguments)
        // The demo server runs as a process of its own, so its caches do not count as the browser's memory.
        let port = Int.random(in: 20_000...60_000)
        let serverSocket = BenchInterrupt.socket("thumbnails-server")
        guard BenchShell.run("tmux -L \(serverSocket) -f /dev/null new-session -d '\(binary) serve --port \(port)'") == 0 else {
            throw BenchmarkFailure("tmux could not start the demo server")
        }
        defer { BenchShell.stopTmuxServer(serverSocket) }
        try await Task.sleep(for: .milliseconds(1500))
        let base = "http://127.0.0.1:\(port)"
        // The demo server wants keys of a valid form; through the environment tmux inherits, never argv.
        setenv("FLICKR_API_KEY", "bench-demo-key-1234", 1)
        setenv("PX500_CONSUMER_KEY", "bench-demo-key-1234", 1)
        let browser = try Browser(
            binary: binary, size: [120, 40], extra: "--images \(images)",
            server: "--flickr-url \(base)/services/rest --500px-url \(base)/v1 --locations-url \(base)")
        defer { browser.stop() }
        try await browser.waitForGrid()
        var samples: [(Int, Double)] = []
        if let rss = browser.residentMB { samples.append((0, rss)) }
        // A search stops at 4,000 photos (as Flickr's does): one search after another until `photos`.
        var passed = 0
        for query in ["a", "the", "night", "street", "sunset"] where passed < photos {
            browser.send("/ && tmux -L \(browser.socket) send-keys -l '\(query)' && tmux -L \(browser.socket) send-keys Enter")
            try await Task.sleep(for: .milliseconds(2000))
            let before = passed
            _ = try await browser.holdPageDown(rate: rate, until: min(3999, photos - before - 1)) { current in
                let reached = (before + current) / 1000 * 1000
                if reached > (samples.last?.0 ?? 0), let rss = browser.residentMB { samples.append((reached, rss)) }
            }
            passed = before + (browser.selection ?? 0) + 1
        }
        try await Task.sleep(for: .milliseconds(1000))
        if let rss = browser.residentMB { samples.append((passed, rss)) }
        let line = samples.map { String(format: "%d: %.1f MB", $0.0, $0.1) }.joined(separator: ", ")
        print(
            "thumbnails memory, 120x40, --images \(images), PgDn at \(rate)/s through \(passed) photos of searches (demo server in its own process): resident after photo \(line) (target: under 250 MB, flat once the caches are full)"
        )
    }
}
