import DemoServer
import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench images show|sixel|symbols|iterm2|fidelity|preview|memory|resample` (resample:
/// ResampleBenchmark; symbols, iterm2 and fidelity: SymbolsBenchmark):
/// - show: `photorama show` of a 4000×3000 JPEG at 80×40 in 24-bit half blocks, whole process, against
///   `chafa -s 80x40 --symbols vhalf` and `timg -g80x40` on the same file in the same run (medians, ratios).
/// - sixel: `photorama show --images sixel --size 80x40` of the same JPEG (800×600 pixels of sixel)
///   against `img2sixel -w 800` (libsixel-bin) and `chafa -f sixel` at the same 800×600 when installed, and
///   `--images kitty` beside them, whole processes, medians and the ratios.
/// - preview: the real browser at 120×40 on the demo server; Right is pressed, and the binary reports the
///   milliseconds from each key to the frame showing the new photo's picture (hidden `--preview-report`).
/// - memory: the viewer walks 500 photos one after another; resident memory (VmRSS) at every 100.
/// `show` and `sixel` take `--baseline PATH`: another photorama binary timed interleaved with this one.
enum ImagesBenchmark {
    static func run(_ arguments: [String]) async throws {
        let part = arguments.first ?? "show"
        switch part {
        case "show": try showVersusPeers(arguments)
        case "sixel": try sixelVersusImg2sixel(arguments)
        case "preview": try await preview(arguments)
        case "memory": try await memory(arguments)
        case "resample": try ResampleBenchmark.run(arguments)
        case "symbols": try SymbolsBenchmark.symbolsVersusChafa(arguments)
        case "iterm2": try SymbolsBenchmark.iterm2VersusTimg(arguments)
        case "fidelity": try SymbolsBenchmark.fidelity(arguments)
        case "sample":
            // `images sample FILE`: writes the 4000×3000 JPEG the show benchmark uses, for profiling by hand.
            let path = arguments.count > 1 ? arguments[1] : "photo-4000x3000.jpg"
            guard FileManager.default.createFile(atPath: path, contents: Data(SampleImage.jpeg(width: 4000, height: 3000))) else {
                throw BenchmarkFailure("cannot write \(path)")
            }
        default:
            throw BenchmarkFailure("usage: photorama-bench images show|sixel|symbols|iterm2|fidelity|preview|memory|resample [options]")
        }
    }

    static func value(_ arguments: [String], _ name: String, _ fallback: String) -> String {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
        return arguments[index + 1]
    }

    // MARK: - show

    static func showVersusPeers(_ arguments: [String]) throws {
        let runs = runCount(arguments)
        let binary = try BenchShell.photoramaBinary(arguments)
        let sample = try SampleFile(runs: runs)
        defer { sample.remove() }
        let file = sample.path
        let jpeg = sample.jpeg

        let ours = [
            PeerCommand(name: "photorama show", program: binary, arguments: ["show", file, "--size", "80x40", "--colors", "24bit"])
        ]
        let baselines = try baselineCommands(arguments, like: ours)
        let chafa = PeerCommand.onPath(
            "chafa", name: "chafa", arguments: ["-f", "symbols", "-c", "full", "-s", "80x40", "--symbols", "vhalf", file])
        let timg = PeerCommand.onPath("timg", name: "timg", arguments: ["-g80x40", file])
        let medians = try timeInterleaved(ours + baselines + [chafa, timg].compactMap { $0 }, runs: runs)
        printBaselineRatios(medians, ours: ours.count, baselines: baselines.count)
        let chafaMedian = chafa.map { _ in medians[ours.count + baselines.count] }
        if let chafaMedian {
            print(String(format: "photorama/chafa: %.3f× (target at most 0.40×)", medians[0] / chafaMedian))
        } else {
            print("chafa is not installed: no ratio (apt-get install chafa)")
        }
        if timg != nil, let timgMedian = medians.last {
            print(String(format: "photorama/timg: %.3f× (target below 1×)", medians[0] / timgMedian))
        } else {
            print("timg is not installed: no ratio (apt-get install timg)")
        }
        printDecodeFloor(jpeg, runs: runs, chafa: chafaMedian)
    }

    /// `--baseline PATH`: the same commands run by another `photorama` (a build of main, say), timed
    /// interleaved with ours so both see the same load.
    static func baselineCommands(_ arguments: [String], like ours: [PeerCommand]) throws -> [PeerCommand] {
        guard arguments.contains("--baseline") else { return [] }
        let path = value(arguments, "--baseline", "")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure("--baseline wants a photorama binary (got \"\(path)\")")
        }
        return ours.map {
            PeerCommand(
                name: "baseline " + $0.name.replacingOccurrences(of: "photorama ", with: ""), program: path, arguments: $0.arguments)
        }
    }

    /// Each of ours against its baseline, when there are baselines (medians: ours, then the baselines).
    static func printBaselineRatios(_ medians: [Double], ours: Int, baselines: Int) {
        guard baselines == ours else { return }
        for index in 0..<ours {
            print(String(format: "ours/baseline (%d): %.3f×", index + 1, medians[index] / medians[ours + index]))
        }
    }

    /// `--runs N` (at least 3, 15 when not given).
    static func runCount(_ arguments: [String]) -> Int {
        max(3, Int(value(arguments, "--runs", "15")) ?? 15)
    }

    /// The 4000×3000 JPEG both peer comparisons run on, written to a folder of the benchmark's own; says
    /// what is measured and how.
    struct SampleFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-bench-\(getpid())")
        let jpeg = SampleImage.jpeg(width: 4000, height: 3000)
        var path: String { folder.appendingPathComponent("photo-4000x3000.jpg").path }

        init(runs: Int) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data(jpeg)) else { throw BenchmarkFailure("cannot write \(path)") }
            print(
                "input: 4000×3000 JPEG, \(jpeg.count / 1024) KiB; \(runs) runs each, interleaved; each program started directly (no shell), output to /dev/null"
            )
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// A program and its arguments, run without a shell: a shell's own start would be added to every
    /// program measured alike, and so pull every ratio towards 1.
    struct PeerCommand {
        let name: String
        let program: String
        let arguments: [String]

        /// `command` found on PATH, or nil when it is not installed.
        static func onPath(_ command: String, name: String, arguments: [String]) -> PeerCommand? {
            let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            return ExecutableSearch.locate(command, path: path).map { PeerCommand(name: name, program: $0, arguments: arguments) }
        }

        /// Runs it once, stdout to /dev/null; its exit status.
        func run() -> Int32 {
            BenchShell.spawnAndWait(program, arguments, environment: ProcessInfo.processInfo.environment)
        }
    }

    /// Runs every command once (each must succeed), then `runs` rounds of all of them in turn; prints and
    /// returns each one's median in milliseconds.
    static func timeInterleaved(_ commands: [PeerCommand], runs: Int) throws -> [Double] {
        for command in commands where command.run() != 0 {
            throw BenchmarkFailure("\(command.name) failed: \(command.program) \(command.arguments.joined(separator: " "))")
        }
        var times = Array(repeating: [Double](), count: commands.count)
        let clock = ContinuousClock()
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                let start = clock.now
                _ = command.run()
                times[index].append(milliseconds(clock.now - start))
            }
        }
        for (index, command) in commands.enumerated() {
            print(
                String(
                    format: "%@: median %.1f ms (min %.1f, max %.1f)", command.name, median(times[index]), times[index].min() ?? 0,
                    times[index].max() ?? 0))
        }
        return times.map(median)
    }

    /// The part no program start or drawing can remove: TurboJPEG's decode of the same file at the scale
    /// `show` uses (1/8 covers 80×80 pixels), timed here in-process. Its entropy decoding is serial.
    static func printDecodeFloor(_ jpeg: [UInt8], runs: Int, chafa: Double?) {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            guard (try? ImageDecoder.decode(jpeg, covering: PixelSize(width: 80, height: 80))) != nil else {
                print("decode alone: the sample did not decode")
                return
            }
            times.append(milliseconds(clock.now - start))
        }
        let floor = median(times)
        if let chafa {
            print(
                String(
                    format: "of which the decode alone (in-process, TurboJPEG at 1/8): median %.1f ms, %.2f× chafa", floor, floor / chafa))
        } else {
            print(String(format: "of which the decode alone (in-process, TurboJPEG at 1/8): median %.1f ms", floor))
        }
    }

    // MARK: - sixel

    static func sixelVersusImg2sixel(_ arguments: [String]) throws {
        let runs = runCount(arguments)
        let binary = try BenchShell.photoramaBinary(arguments)
        let img2sixel = PeerCommand.onPath("img2sixel", name: "img2sixel -w 800", arguments: [])
        // chafa's cell is 8×8 pixels off a terminal: 100x75 cells at a font ratio of 1 are the same 800×600.
        let chafa = PeerCommand.onPath("chafa", name: "chafa -f sixel (800×600)", arguments: [])
        let sample = try SampleFile(runs: runs)
        defer { sample.remove() }
        let file = sample.path
        let ours = [
            PeerCommand(
                name: "photorama show --images sixel", program: binary, arguments: ["show", file, "--images", "sixel", "--size", "80x40"]),
            PeerCommand(
                name: "photorama show --images kitty", program: binary, arguments: ["show", file, "--images", "kitty", "--size", "80x40"]),
        ]
        let baselines = try baselineCommands(arguments, like: ours)
        let peers = [
            img2sixel.map { PeerCommand(name: $0.name, program: $0.program, arguments: ["-w", "800", file]) },
            chafa.map {
                PeerCommand(name: $0.name, program: $0.program, arguments: ["-f", "sixel", "--font-ratio", "1", "--size", "100x75", file])
            },
        ]
        let medians = try timeInterleaved(ours + baselines + peers.compactMap { $0 }, runs: runs)
        printBaselineRatios(medians, ours: ours.count, baselines: baselines.count)
        var next = ours.count + baselines.count
        if img2sixel != nil {
            print(String(format: "photorama/img2sixel: %.2f× (target at most 0.30×)", medians[0] / medians[next]))
            next += 1
        } else {
            print("img2sixel is not installed: no ratio (apt-get install libsixel-bin)")
        }
        if chafa != nil {
            print(String(format: "photorama/chafa -f sixel: %.3f× (target at most 1×)", medians[0] / medians[next]))
        } else {
            print("chafa is not installed: no ratio (apt-get install chafa)")
        }
    }

    // MARK: - the browser in tmux

    /// A browser session in tmux on its own socket, reporting preview times to a file.
    struct Session {
        let socket: String
        let report: String

        /// `server`: a demo server of the benchmark's own, reached as a real service (with keys and temporary
        /// XDG folders, so its answers are cached as Flickr's would be); nil: the browser's embedded one.
        init(binary: String, size: [Int], extra: String = "", server: RunningDemoServer? = nil) throws {
            socket = BenchInterrupt.socket("images")
            report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-preview-\(getpid())").path
            try? FileManager.default.removeItem(atPath: report)
            var program = "\(binary) --demo --seed 1"
            if let server {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-images-xdg-\(getpid())").path
                program =
                    "XDG_DATA_HOME=\(folder)/data XDG_CACHE_HOME=\(folder)/cache XDG_CONFIG_HOME=\(folder)/config "
                    + "\(RunningDemoServer.keyEnvironment) \(binary) \(server.serviceOptions)"
            }
            let command = "env LANG=C.UTF-8 TERM=xterm-256color COLORTERM=truecolor \(program) --preview-report \(report) \(extra)"
            guard BenchShell.run("tmux -L \(socket) -f /dev/null new-session -d -x \(size[0]) -y \(size[1]) '\(command)'") == 0 else {
                throw BenchmarkFailure("tmux could not start")
            }
        }

        func stop() {
            BenchShell.stopTmuxServer(socket)
            try? FileManager.default.removeItem(
                atPath: FileManager.default.temporaryDirectory.appendingPathComponent("photorama-images-xdg-\(getpid())").path)
            try? FileManager.default.removeItem(atPath: report)
        }

        func send(_ key: String) { _ = BenchShell.run("tmux -L \(socket) send-keys \(key)") }

        var times: [Double] {
            guard let text = try? String(contentsOfFile: report, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap { Double($0) }
        }

        /// Waits until the report has `count` lines, or `timeout` passes.
        func waitFor(_ count: Int, timeout: Duration) async throws -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while times.count < count {
                guard clock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(5))
            }
            return true
        }

        /// The browser's resident memory in MB, from /proc.
        var residentMB: Double? { BenchShell.residentMB(ofPaneIn: socket) }
    }

    static func preview(_ arguments: [String]) async throws {
        let size = value(arguments, "--size", "120x40").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw BenchmarkFailure("--size wants COLUMNSxROWS") }
        let moves = max(5, Int(value(arguments, "--moves", "60")) ?? 60)
        let session = try Session(binary: try BenchShell.photoramaBinary(arguments), size: size)
        defer { session.stop() }
        guard try await session.waitFor(1, timeout: .seconds(20)) else { throw BenchmarkFailure("no first picture within 20 s") }
        // Right and Left do not leave their row: walk the grid as a snake, down a row at each end (a
        // move that changes nothing reports nothing, so no report within a second means the row's end).
        var direction = "Right"
        for move in 1...moves {
            session.send(direction)
            if try await !session.waitFor(move + 1, timeout: .seconds(1)) {
                direction = direction == "Right" ? "Left" : "Right"
                session.send("Down")
            }
            guard try await session.waitFor(move + 1, timeout: .seconds(10)) else {
                throw BenchmarkFailure("no picture 10 s after move \(move)")
            }
            // Let the neighbours' prefetch settle, as a person looking at each photo would.
            try await Task.sleep(for: .milliseconds(150))
        }
        let times = Array(session.times.dropFirst())
        print(
            String(
                format:
                    "preview, real binary %dx%d, demo server: selection change to picture painted, %d moves: median %.1f ms, p90 %.1f ms, max %.1f ms (target: median under 30 ms)",
                size[0], size[1], times.count, median(times), percentile(times, 0.9), times.max() ?? 0))
    }

    static func memory(_ arguments: [String]) async throws {
        let photos = max(100, Int(value(arguments, "--photos", "500")) ?? 500)
        // The demo server runs in this process, so its own image cache is not counted as the browser's
        // memory (`--embedded`: the browser's own demo server, caches and all, as `swift run photorama` has it).
        let embedded = arguments.contains("--embedded")
        let server = embedded ? nil : try await RunningDemoServer.start(DemoServerConfiguration(seed: 1))
        let session = try Session(binary: try BenchShell.photoramaBinary(arguments), size: [120, 40], server: server)
        defer { session.stop() }
        guard try await session.waitFor(1, timeout: .seconds(20)) else { throw BenchmarkFailure("no first picture within 20 s") }
        session.send("v")
        var samples: [(Int, Double)] = []
        for index in 1...photos {
            session.send("l")
            guard try await session.waitFor(index + 1, timeout: .seconds(10)) else {
                throw BenchmarkFailure("no picture 10 s after photo \(index)")
            }
            if index % 100 == 0, let rss = session.residentMB { samples.append((index, rss)) }
        }
        let line = samples.map { String(format: "%d: %.1f MB", $0.0, $0.1) }.joined(separator: ", ")
        await server?.stop()
        let serverText = embedded ? "its embedded demo server" : "a demo server in the benchmark's process, cached as a real service"
        print(
            "memory, viewer at 120x40 walking \(photos) photos over \(serverText), resident after each 100: \(line) (target: under 150 MB, flat)"
        )
    }

    // MARK: - statistics

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
