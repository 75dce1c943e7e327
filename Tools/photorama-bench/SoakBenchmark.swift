import DemoServer
import Foundation
import PhotoramaStore
import ScreenCapture

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench soak --minutes N [--seed S] [--checkpoint-seconds 30] [--binary PATH]`: the real
/// browser (build it with `swift build -c release`) in tmux, with thumbnails, against the demo server
/// started here on 127.0.0.1 with its faults on (5xx, slow drips, truncated bodies, Flickr 105, hostile
/// titles and images). Seeded random keys at 50 a second with resize storms, searches, downloads and
/// save probes; at every checkpoint the screen must equal its Ctrl-L redraw. At the end: no crash, `q`
/// exits 0 with the terminal restored, the saved store holds exactly what the browser acknowledged,
/// resident memory is within 10% of its level after the first minute (medians of the second and the last
/// minute, `SoakVerdict.memoryLevels`), and no `.part` file is left.
/// Exits non-zero on FAIL; mismatching screens are kept in the folder it names.
enum SoakBenchmark {
    static let faults = FaultInjection(
        jitter: .milliseconds(40), serverErrorRate: 0.03, truncateRate: 0.03, slowDripRate: 0.03, slowDripInterval: .milliseconds(20),
        slowDripBytes: 512, flickrUnavailableRate: 0.03, hostileTitleRate: 0.25, hostileImageRate: 0.15)

    // MARK: - Running
    static func run(_ arguments: [String]) async throws {
        let value = ImagesBenchmark.value
        guard let minutes = Int(value(arguments, "--minutes", "2")), minutes >= 1 else {
            throw BenchmarkFailure("--minutes wants a whole number, at least 1")
        }
        guard let seed = UInt64(value(arguments, "--seed", "1")) else { throw BenchmarkFailure("--seed wants a number") }
        let checkpointSeconds = max(5, Int(value(arguments, "--checkpoint-seconds", "30")) ?? 30)
        let binary = try BenchShell.photoramaBinary(arguments)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-soak-\(getpid())").path
        let paths = ["data", "cache", "config", "home", "downloads", "screens"].reduce(into: [String: String]()) {
            $0[$1] = folder + "/" + $1
        }
        for path in paths.values {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        let memoryReport = (paths["screens"] ?? folder) + "/memory.txt"
        let server = try await RunningDemoServer.start(DemoServerConfiguration(seed: seed, faults: faults))
        let command = [
            binary, "--flickr-url", server.flickrURL.absoluteString, "--500px-url", server.px500URL.absoluteString,
            "--locations-url", server.locationsURL.absoluteString, "--seed", String(seed), "--thumbnails", "on", "--images", "blocks",
            "--download-dir", paths["downloads"] ?? folder, "--probe-report", folder + "/probe.txt",
            "--memory-report", memoryReport,
        ]
        // tmux-256color, the pane's own type, not xterm-256color: with xterm's back-colour erase ncurses
        // blanks coloured runs with ECH/EL, and `capture-pane` leaves out erased cells past the last written
        // one whatever their colour, so a redraw of a selected card at the right edge read as blank there
        // (seed 4, 20x5) while tmux showed it blue.
        let environment = [
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "COLORTERM": "truecolor", "HOME": paths["home"] ?? folder,
            "XDG_DATA_HOME": paths["data"] ?? folder, "XDG_CACHE_HOME": paths["cache"] ?? folder,
            "XDG_CONFIG_HOME": paths["config"] ?? folder,
            // `o` opens nothing; the demo server takes any key (these are its own, not secrets).
            "BROWSER": "true", "FLICKR_API_KEY": DemoAPIKeys.flickr, "PX500_CONSUMER_KEY": DemoAPIKeys.px500,
            // A crash (or the SIGABRT sent to a browser that will not quit) leaves its backtrace with the screens.
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,output-to=\(paths["screens"] ?? folder)",
        ]
        let terminal = try SoakTerminal(folder: folder, command: command, browserEnvironment: environment, columns: 120, rows: 40)
        var soak = Soak(
            terminal: terminal, script: SoakScript(seed: seed), screens: paths["screens"] ?? folder,
            downloads: paths["downloads"] ?? folder,
            probeReport: folder + "/probe.txt")
        soak.verdict.minutes = minutes
        let clock = ContinuousClock()
        let started = clock.now
        print("soak: \(minutes) min, seed \(seed), demo server on 127.0.0.1:\(server.port) with faults, work folder \(folder)")
        // The first page meets the faults like any other (a 500 leaves "HTTP 500 Internal Server Error" and
        // no grid): every 5 s without photos the soak presses r, retry, as a user would.
        var gridShown = false
        for _ in 0..<12 where !gridShown {
            gridShown = await terminal.waitFor(.seconds(5), { Soak.showsPhotos(Soak.lastLine($0)) }).met
            if !gridShown { terminal.keys("r") }
        }
        if gridShown {
            await soak.drive(minutes: minutes, checkpointSeconds: checkpointSeconds)
            await soak.finish()
        } else {
            soak.verdict.problems.append("no grid of photos within 60 s of start")
            soak.verdict.crashed = !terminal.browserAlive
        }
        soak.verdict.storeCount = try? SQLiteSavedPhotos(
            path: SQLiteSavedPhotos.defaultPath(environment: ["XDG_DATA_HOME": paths["data"] ?? folder, "HOME": paths["home"] ?? folder])
        ).allNow().count
        terminal.stop()
        await server.stop()
        if let report = try? String(contentsOfFile: memoryReport, encoding: .utf8) {
            soak.verdict.feedPhotosByMinute = SoakVerdict.feedPhotosByMinute(memoryReport: report)
        }
        for name in ["data", "cache", "config", "home", "downloads"] { try? FileManager.default.removeItem(atPath: paths[name] ?? "") }
        print(soak.verdict.summary(seconds: Double((clock.now - started).components.seconds)))
        if soak.verdict.checkpointsFailed > 0 { print("screens of failed checkpoints: \(paths["screens"] ?? folder)") }
        if !soak.verdict.passed { BenchInterrupt.exit(1) }
    }
}

// MARK: - The soak
/// One soak run in progress: what it sends and what it has seen.
struct Soak {
    let terminal: SoakTerminal
    var script: SoakScript
    let screens: String
    let downloads: String
    /// Where the browser writes "F12 presses handled, frame size, requests in flight" after every frame.
    let probeReport: String
    var probesSent = 0
    var verdict = SoakVerdict()
    var size = (columns: 120, rows: 40)
    let clock = ContinuousClock()

    init(terminal: SoakTerminal, script: SoakScript, screens: String, downloads: String, probeReport: String) {
        self.terminal = terminal
        self.script = script
        self.screens = screens
        self.downloads = downloads
        self.probeReport = probeReport
    }

    // MARK: - Probes
    /// Sends F12, which the browser ignores, and waits until its probe report shows a frame drawn after
    /// handling it with no request in flight: every key sent before is then on screen, and no answer can
    /// change it. A screen merely unchanged for a while is not enough: at 50 keys a second on a busy
    /// machine the browser can be handling keys sent a second ago while its screen stands still, and a
    /// country list dripping in slowly shows "loading…" for seconds (docs/PERFORMANCE.md). Records how
    /// long the browser took to reach the probe; false after `deadline`.
    mutating func settle(deadline: Duration = .seconds(90)) async -> (settled: Bool, inFlight: Int) {
        probesSent += 1
        let sent = clock.now
        terminal.keys("F12")
        var reached = false
        var inFlight = -1
        while clock.now - sent < deadline {
            // The size must be the pane's: tmux applies a resize at most every
            // 250 ms, so F12 sent after a storm can be handled before the last resize reaches the browser.
            if let report = ProbeReport((try? String(contentsOfFile: probeReport, encoding: .utf8)) ?? ""),
                report.handled >= probesSent, report.size == "\(size.columns)x\(size.rows)"
            {
                if !reached {
                    reached = true
                    let lag = clock.now - sent
                    verdict.probeMilliseconds.append(Double(lag.components.seconds) * 1000 + Double(lag.components.attoseconds) / 1e15)
                }
                inFlight = report.inFlight
                if inFlight == 0 { return (true, 0) }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return (false, inFlight)
    }

    /// Resident memory now, for the minute-by-minute line.
    mutating func sampleMemory(minute: Int) {
        if let sample = terminal.residentBreakdown { verdict.memoryByMinute.append((minute, sample.total, sample.anonymous, sample.file)) }
    }

    // MARK: - Reading the screen
    /// The status the shell printed after the browser ended: its own line "exit=0". Not the command line's
    /// `echo "exit=$?"`, which is back on screen from the moment the browser leaves the alternate screen,
    /// a few milliseconds before it has exited: taking that for the answer reported a quit that "did not
    /// end the browser within 60 s" at once, while the browser was still finishing normally.
    static func exitStatus(_ screen: String) -> Int? {
        for line in screen.split(separator: "\n").reversed() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("exit="), let status = Int(text.dropFirst(5)) { return status }
        }
        return nil
    }

    static func lastLine(_ screen: String) -> String {
        screen.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// The viewer's caption on the last line ("Title · owner · 1600×1067 · 17 of 500"), with no keys hint.
    static func showsViewer(_ screen: String) -> Bool {
        let line = lastLine(screen)
        return !line.contains("q quit") && line.range(of: #"· [0-9,]+ of [0-9,]+\s*$"#, options: .regularExpression) != nil
    }

    /// A feed with photos on the status line: "page 3 of 10 · 300 of 1,000 photos", "p3/10 · 300/1,000",
    /// or the Saved tab's "Saved · 4 photos".
    /// The browser's answer to `s` with no photo selected.
    static let noPhotoSelected = "No photo selected"

    static func showsPhotos(_ line: String) -> Bool {
        line.range(
            of: #"(· [1-9][0-9,]*( of [0-9,]+)? photos?)|(· [1-9][0-9,]*/[0-9,]+)|(Saved · [1-9][0-9,]* photos?)"#,
            options: .regularExpression) != nil
    }

    /// How often resident memory is sampled for the levels (`SoakVerdict.memoryLevels`).
    static let sampleInterval: Duration = .seconds(5)

    // MARK: - Driving
    mutating func drive(minutes: Int, checkpointSeconds: Int) async {
        let start = clock.now
        let end = start + .seconds(minutes * 60)
        var nextCheckpoint = start + .seconds(checkpointSeconds)
        var nextStorm = start + .seconds(script.secondsToNextStorm())
        var nextSave = start + .seconds(script.secondsToNextSave())
        var nextTick = clock.now
        var nextSample = start
        while clock.now < end {
            if clock.now >= nextSample, let kilobytes = terminal.residentKilobytes {
                verdict.residentSamples.append((Int((clock.now - start).components.seconds), kilobytes))
                nextSample = clock.now + Self.sampleInterval
            }
            guard terminal.browserAlive else {
                verdict.crashed = true
                save(terminal.capture(), as: "crash")
                return
            }
            if verdict.residentAfterFirstMinute == nil, clock.now - start >= .seconds(60) {
                verdict.residentAfterFirstMinute = terminal.residentKilobytes
            }
            let minute = Int((clock.now - start).components.seconds / 60)
            if minute > (verdict.memoryByMinute.last?.minute ?? 0) { sampleMemory(minute: minute) }
            let now = clock.now
            if now >= nextCheckpoint {
                await checkpoint("at \((now - start).components.seconds) s")
                nextCheckpoint = clock.now + .seconds(checkpointSeconds)
                nextTick = clock.now
            } else if now >= nextStorm {
                let sizes = script.storm()
                for (index, next) in sizes.enumerated() {
                    terminal.resize(columns: next.columns, rows: next.rows)
                    verdict.resizes += 1
                    // Keys keep coming between the resizes of a storm.
                    if index < sizes.count - 1 { await tick() }
                }
                size = sizes.last ?? size
                verdict.storms += 1
                nextStorm = clock.now + .seconds(script.secondsToNextStorm())
            } else if now >= nextSave {
                await saveProbe()
                nextSave = clock.now + .seconds(script.secondsToNextSave())
                nextTick = clock.now
            } else {
                await tick()
                nextTick += .milliseconds(100)
                if nextTick > clock.now { try? await Task.sleep(until: nextTick, clock: clock) } else { nextTick = clock.now }
            }
        }
        // A 1-minute soak ends its keys at the very moment the first-minute sample is due.
        if verdict.residentAfterFirstMinute == nil, clock.now - start >= .seconds(60) {
            verdict.residentAfterFirstMinute = terminal.residentKilobytes
        }
        await checkpoint("at the end of the keys")
    }

    /// One batch: five keys (50 a second at ten batches a second), or a search.
    mutating func tick() async {
        let input = script.batch()
        terminal.send(input)
        switch input {
        case .keys(let keys): verdict.keys += keys.count
        case .search(let text, _):
            verdict.searches += 1
            verdict.keys += 6 + text.count
        }
    }

    /// The screen once settled must equal, colours included, what Ctrl-L paints on a wiped pane.
    mutating func checkpoint(_ when: String) async {
        let number = verdict.checkpointsPassed + verdict.checkpointsFailed + 1
        let idle = await settle()
        guard idle.settled else {
            verdict.checkpointsFailed += 1
            verdict.problems.append(
                "checkpoint \(number) \(when): the browser had not handled its keys with no request in flight 90 s after they stopped (\(idle.inFlight < 0 ? "probe not reached" : "\(idle.inFlight) in flight"))"
            )
            save(terminal.capture(), as: "checkpoint-\(number)-busy")
            return
        }
        var stable = await terminal.stableScreen()
        // The viewer playing an animated GIF never stands still (a CI soak's keys ended on one): it is closed
        // and the screen looked at again, once.
        if stable == nil, Self.showsViewer(CapturedScreen(terminal.capture()).text) {
            terminal.keys("Escape")
            if await settle().settled { stable = await terminal.stableScreen() }
        }
        guard let incremental = stable else {
            verdict.checkpointsFailed += 1
            verdict.problems.append("checkpoint \(number) \(when): the screen did not settle within 60 s")
            save(terminal.capture(), as: "checkpoint-\(number)-unsettled")
            return
        }
        terminal.wipe()
        terminal.keys("C-l")
        let wanted = CapturedScreen(incremental)
        var redrawn = ""
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline {
            redrawn = terminal.capture()
            if CapturedScreen(redrawn) == wanted {
                verdict.checkpointsPassed += 1
                return
            }
            try? await Task.sleep(for: .milliseconds(40))
        }
        verdict.checkpointsFailed += 1
        let got = CapturedScreen(redrawn)
        let rows = (0..<max(wanted.rows.count, got.rows.count)).filter { row in
            (row < wanted.rows.count ? wanted.rows[row] : []) != (row < got.rows.count ? got.rows[row] : [])
        }
        verdict.problems.append(
            "checkpoint \(number) \(when), \(size.columns)x\(size.rows): the Ctrl-L redraw differs in rows \(rows.prefix(10).map(String.init).joined(separator: ", "))"
        )
        save(incremental, as: "checkpoint-\(number)-incremental")
        save(redrawn, as: "checkpoint-\(number)-redraw")
    }

    /// `s` on a grid of photos, then the browser's answer: "Saved “…”" or "Removed “…”". Skipped when the
    /// settled screen shows no photo grid with the keys hint (an overlay, a text field, the viewer, a
    /// tiny terminal), where `s` would not save, and when the browser answers that no photo is selected (the
    /// selection on the card after the last photo, which a plain capture cannot tell from a photo's).
    mutating func saveProbe() async {
        guard size.columns >= 100, size.rows >= 10, await settle(deadline: .seconds(30)).settled,
            let settled = await terminal.stableScreen(deadline: .seconds(10))
        else {
            verdict.saveProbesSkipped += 1
            return
        }
        let status = Self.lastLine(CapturedScreen(settled).text)
        guard Self.showsPhotos(status), status.contains("q quit") else {
            verdict.saveProbesSkipped += 1
            return
        }
        terminal.keys("s")
        let answer = await terminal.waitFor(.seconds(60)) { screen in
            let line = Self.lastLine(screen)
            return line.contains("Saved “") || line.contains("Removed “") || line.contains(Self.noPhotoSelected)
        }
        let line = Self.lastLine(answer.screen)
        if line.contains(Self.noPhotoSelected) {
            verdict.saveProbesSkipped += 1
        } else if line.contains("Saved “") {
            verdict.savesAcknowledged += 1
        } else if line.contains("Removed “") {
            verdict.removalsAcknowledged += 1
        } else {
            verdict.problems.append(
                "s on \(status.debugDescription) was not acknowledged within 60 s; status line: \(line.debugDescription)")
            save(answer.screen, as: "save-unacknowledged-\(verdict.problems.count)")
        }
    }

    // MARK: - Finishing
    /// Back to a plain grid, downloads settled, the Saved tab's count, memory, then `q`.
    mutating func finish() async {
        guard terminal.browserAlive else {
            verdict.crashed = true
            return
        }
        terminal.resize(columns: 120, rows: 40)
        size = (120, 40)
        // Out of text fields, overlays, the viewer and the detail, to a screen whose keys hint offers "q quit".
        // The Locations tab's country field lets go of the keyboard on Escape too (digits typed into it are
        // text: pressing 1 to leave it once ended a soak with "11111111q" in the field and no exit).
        var plain = false
        for _ in 0..<8 where !plain {
            terminal.keys("Escape")
            plain = await terminal.waitFor(.seconds(2)) { Self.lastLine($0).contains("q quit") }.met
        }
        // Eight Escapes close whatever was open. A long status (a failed download's reason beside a feed's
        // cache age) can leave no room for the keys hint: photos on the status line are the grid then.
        let status = Self.lastLine(terminal.capture(colours: false))
        if !plain, !Self.showsPhotos(status) { verdict.problems.append("Escape did not bring back the grid: \(status.debugDescription)") }
        // Downloads under way finish (or fail) before the check for .part files. The browser counts them among
        // its requests in flight (the probe report). The status line's "↓ 42%" was not enough: with a long
        // status (a failed download's reason, a notice) it has no room, and a running download once passed for
        // finished (one .part file "left").
        let downloadsSettled = await settle(deadline: .seconds(300))
        if !downloadsSettled.settled {
            verdict.problems.append(
                "downloads still running 300 s after the keys stopped (\(downloadsSettled.inFlight) requests in flight)")
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: downloads)) ?? []
        verdict.partFilesLeft = files.filter { $0.hasSuffix(".part") }.sorted()
        verdict.downloadsCompleted = files.count - verdict.partFilesLeft.count
        terminal.keys("5")
        let savedTab = await terminal.waitFor(.seconds(60)) {
            Self.lastLine($0).range(of: #"Saved · [0-9,]+ photos?"#, options: .regularExpression) != nil
        }
        if let range = Self.lastLine(savedTab.screen).range(of: #"Saved · [0-9,]+"#, options: .regularExpression) {
            verdict.savedTabCount = Int(Self.lastLine(savedTab.screen)[range].dropFirst(8).replacingOccurrences(of: ",", with: ""))
        }
        verdict.residentAtEnd = terminal.residentKilobytes
        sampleMemory(minute: verdict.minutes)
        guard terminal.browserAlive else {
            verdict.crashed = true
            return
        }
        terminal.keys("q")
        let exited = await terminal.waitFor(.seconds(60)) { Self.exitStatus($0) != nil }
        if let status = Self.exitStatus(exited.screen) {
            verdict.exitStatus = status
        } else {
            let alive = terminal.browserAlive
            verdict.problems.append("q did not end the browser within 60 s (\(alive ? "still running" : "gone without a status"))")
            save(exited.screen, as: "quit-\(alive ? "hung" : "vanished")")
            // Where every thread is: gdb when it is installed (the statically linked browser cannot find
            // swift-backtrace, so SIGABRT alone says nothing), then SIGABRT, which makes Swift's runtime print
            // it too where it can (to the screens folder, see SWIFT_BACKTRACE), and ends it.
            if alive, let pid = terminal.browserPID {
                let stacks = screens + "/quit-hung-threads.txt"
                if BenchShell.spawnAndWait(
                    "/usr/bin/env", ["gdb", "-p", String(pid), "-batch", "-nx", "-ex", "thread apply all bt 40"],
                    environment: terminal.environment, output: stacks) == 0
                {
                    verdict.problems.append("the browser's threads at the hang: \(stacks)")
                }
                kill(pid, SIGABRT)
                _ = await terminal.waitFor(.seconds(60)) { Self.exitStatus($0) != nil }
                if terminal.browserAlive { kill(pid, SIGKILL) }
            }
        }
        verdict.alternateScreenLeft = terminal.display("#{alternate_on}") == "0"
        verdict.cursorVisible = terminal.display("#{cursor_flag}") == "1"
    }

    func save(_ screen: String, as name: String) {
        try? screen.write(toFile: screens + "/" + name + ".txt", atomically: true, encoding: .utf8)
    }
}
