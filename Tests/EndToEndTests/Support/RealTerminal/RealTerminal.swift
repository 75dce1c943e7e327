import Foundation
import ScreenCapture
import TestProcesses

/// A real terminal emulator on a display of its own, running one shell command: the tests press keys in
/// it (xdotool; wtype on Wayland), take screenshots (ImageMagick's `import`; grim) and read cells of them as
/// pixels.
///
/// Everything it starts and makes (the emulator and what runs in it, Xvfb or sway, its folder with HOME and
/// the XDG folders) goes when the value is let go of, also when a test fails half-way, as `TmuxSession` does.
final class RealTerminal {
    let emulator: TerminalEmulator
    let columns: Int
    let rows: Int
    let desktop: Desktop
    /// HOME, XDG folders and the scripts of this terminal; removed with it.
    let folder: String
    private let process: ChildProcess
    private(set) var window = ""
    /// Programs run (argv, waited for) when the terminal closes, after the emulator: for what outlives it
    /// (a tmux server started in it).
    var atClose: [[String]] = []
    /// Where the cells are on the display, and a cell's size, in pixels.
    private(set) var geometry = CellGeometry(originX: 0, originY: 0, cellWidth: 1, cellHeight: 1)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Where the emulator's window is shown: an X display, or a Wayland compositor (foot).
    enum Desktop {
        case x11(VirtualDisplay)
        case wayland(WaylandCompositor)
    }

    private init(emulator: TerminalEmulator, columns: Int, rows: Int, desktop: Desktop, folder: String, process: ChildProcess) {
        self.emulator = emulator
        self.columns = columns
        self.rows = rows
        self.desktop = desktop
        self.folder = folder
        self.process = process
    }

    /// Opens `emulator` at `columns`×`rows` cells running `command` (a shell command line), and waits until
    /// its window is mapped and the command's terminal has that size. The command's exit status is kept for
    /// `waitForExit`; the terminal stays open after it.
    static func start(
        _ emulator: TerminalEmulator, columns: Int = 80, rows: Int = 24, command: String, environment: [String: String] = [:]
    ) async throws -> RealTerminal {
        let (width, height) = (columns * 10 + 64, rows * 20 + 64)
        let desktop: Desktop =
            emulator.isWayland
            ? .wayland(try await WaylandCompositor.start(width: width, height: height, appID: emulator.windowClass))
            : .x11(try await VirtualDisplay.start(width: width, height: height))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-realterm-\(UUID().uuidString)").path
        for sub in ["home", "config", "data", "cache"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        let script = folder + "/run.sh"
        // The command starts once the terminal has its final size (kitty maps its window before sizing it),
        // within 20 s; its status goes to a file; `sleep` keeps the window open for screenshots.
        let lines = [
            "i=0",
            "while [ \"$(stty size)\" != \"\(rows) \(columns)\" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done",
            "stty size > \(shellQuote(folder + "/size"))",
            command,
            // The cursor is hidden once the command has ended, so a screenshot shows only what it drew.
            "status=$?; printf '\\033[?25l'",
            "echo $status > \(shellQuote(folder + "/status.tmp")) && mv \(shellQuote(folder + "/status.tmp")) \(shellQuote(folder + "/status"))",
            "exec sleep 100000",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        var env: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder + "/home",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
            "XDG_CACHE_HOME": folder + "/cache",
        ]
        switch desktop {
        case .x11(let display): env["DISPLAY"] = display.name
        case .wayland(let compositor): env.merge(compositor.environment) { $1 }
        }
        let process: ChildProcess
        do {
            let launch = try emulator.launch(columns: columns, rows: rows, script: script, folder: folder)
            env.merge(launch.environment) { $1 }
            // A sanitizer run's options and the caller's variables win over the emulator's.
            for (name, value) in ProcessInfo.processInfo.environment where name.hasSuffix("SAN_OPTIONS") { env[name] = value }
            env.merge(environment) { $1 }
            process = try ChildProcess(
                launch.program, launch.arguments, environment: env,
                streams: .init(stdout: folder + "/emulator.log", stderr: folder + "/emulator.log"))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let terminal = RealTerminal(emulator: emulator, columns: columns, rows: rows, desktop: desktop, folder: folder, process: process)
        try await terminal.findWindow()
        return terminal
    }

    deinit {
        // The emulator first: its pty closes and what runs in it gets SIGHUP. Then the display, then files.
        process.signal(SIGTERM)
        process.killAndReap()
        for command in atClose {
            let child = try? ChildProcess(
                "/usr/bin/env", command, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
            _ = child?.waitBlocking()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - Window
    private func findWindow() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let end = start + .seconds(30)
        // The last window found whose geometry was not the cells asked for, for the failure's message.
        var lastGeometry = "none"
        // When the shell in it first measured the cells asked for, for the failure's message.
        var sized: ContinuousClock.Instant?
        while clock.now < end {
            if CapturedOutput.text(atPath: folder + "/size") == "\(rows) \(columns)\n" {
                if sized == nil { sized = clock.now }
                switch desktop {
                case .x11:
                    // No match is exit 1: the shell in it runs before the window is mapped (a loaded run saw it),
                    // so that is asked again until the deadline like any window not yet there.
                    let found = try? await xdotool(["search", "--onlyvisible", "--class", emulator.windowClass])
                    if let id = found?.split(separator: "\n").first.map(String.init) {
                        let shell = try await xdotool(["getwindowgeometry", "--shell", id])
                        lastGeometry = shell.split(separator: "\n").joined(separator: " ")
                        if let geometry = CellGeometry(xdotool: shell, columns: columns, rows: rows, offset: emulator.cellOffset) {
                            window = id
                            self.geometry = geometry
                            _ = try await xdotool(["windowfocus", "--sync", id])
                            return
                        }
                    }
                case .wayland(let compositor):
                    // The compositor gives new windows the keyboard's focus.
                    if let rect = try await compositor.window(appID: emulator.windowClass),
                        let geometry = CellGeometry(
                            x: rect.x, y: rect.y, width: rect.width, height: rect.height, columns: columns, rows: rows,
                            offset: emulator.cellOffset)
                    {
                        self.geometry = geometry
                        return
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = CapturedOutput.text(atPath: folder + "/emulator.log")
        // What the shell in it measured (nothing: it has not run yet), to tell a slow start from a wrong size.
        let size = CapturedOutput.text(atPath: folder + "/size").trimmingCharacters(in: .whitespacesAndNewlines)
        let measured = size.isEmpty ? "nothing yet" : size
        let since = sized.map { " after \($0 - start)" } ?? ""
        let windows = await hiddenWindows()
        throw Failure(
            description: "\(emulator) showed no \(columns)×\(rows) window within 30 s (its shell measured \(measured)\(since); the last"
                + " window seen: \(lastGeometry); \(windows)); its log:\n\(log)")
    }

    /// The windows of the emulator's class that are not viewable (unmapped), for a failure's message: a
    /// window the shell runs in that `search --onlyvisible` never finds.
    private func hiddenWindows() async -> String {
        guard case .x11 = desktop else { return "on Wayland" }
        let all = (try? await xdotool(["search", "--class", emulator.windowClass]))?.split(separator: "\n") ?? []
        let visible = Set((try? await xdotool(["search", "--onlyvisible", "--class", emulator.windowClass]))?.split(separator: "\n") ?? [])
        let hidden = all.filter { !visible.contains($0) }
        var shapes: [String] = []
        for id in hidden {
            let shell = (try? await xdotool(["getwindowgeometry", "--shell", String(id)])) ?? "no geometry"
            shapes.append(shell.split(separator: "\n").joined(separator: " "))
        }
        return "windows of class \(emulator.windowClass): \(all.count), not viewable: \(hidden.count) [\(shapes.joined(separator: "; "))]"
    }

    /// Measures the window again until its cells are `cellWidth`×`cellHeight` pixels (the font changed and
    /// the window with it), for the screenshots after; fails after `deadline`.
    func waitForCells(width cellWidth: Int, height cellHeight: Int, deadline: Duration = .seconds(30)) async throws {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = try await xdotool(["getwindowgeometry", "--shell", window])
            if let measured = CellGeometry(xdotool: last, columns: columns, rows: rows), measured.cellWidth == cellWidth,
                measured.cellHeight == cellHeight
            {
                geometry = measured
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "\(emulator)'s cells did not become \(cellWidth)×\(cellHeight) within \(deadline): \(last)")
    }

    /// Runs xdotool on the X display (not for a Wayland terminal).
    @discardableResult
    func xdotool(_ arguments: [String]) async throws -> String {
        guard case .x11(let display) = desktop else { throw Failure(description: "xdotool for \(emulator), which is not on X") }
        let line = (["env", "DISPLAY=\(display.name)", try RealTerminalPrograms.path("xdotool")] + arguments).map(shellQuote).joined(
            separator: " ")
        let result = try await ShellSpawn.run(line)
        guard result.status == 0 else {
            throw Failure(description: "xdotool \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    // MARK: - Keys
    /// Presses keys by X keysym name ("question", "Escape", "Next", "ctrl+l", "F12", "L"), one after the other.
    func press(_ keys: String...) async throws {
        switch desktop {
        case .x11: try await xdotool(["key", "--clearmodifiers"] + keys)
        case .wayland(let compositor): try await compositor.press(keys)
        }
    }

    /// Types `text` as the keyboard would.
    func type(_ text: String) async throws {
        switch desktop {
        case .x11: try await xdotool(["type", "--delay", "20", text])
        case .wayland(let compositor): try await compositor.type(text)
        }
    }

    // MARK: - The command
    /// The command's exit status once it has ended, failing after `deadline`.
    func waitForExit(deadline: Duration = .seconds(60)) async throws -> Int32 {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            let text = CapturedOutput.text(atPath: folder + "/status")
            if let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the command in \(emulator) did not end within \(deadline)")
    }

    // MARK: - Screenshots
    /// The terminal's cells as the display shows them now.
    func screenshot() async throws -> Screenshot {
        let width = columns * geometry.cellWidth
        let height = rows * geometry.cellHeight
        let pixels: [UInt8]
        switch desktop {
        case .x11(let display): pixels = try await importPixels(from: display, width: width, height: height)
        case .wayland(let compositor):
            pixels = try await compositor.screenshot(x: geometry.originX, y: geometry.originY, width: width, height: height)
        }
        return Screenshot(width: width, height: height, pixels: pixels, cellWidth: geometry.cellWidth, cellHeight: geometry.cellHeight)
    }

    /// The cells' pixels on the X display, with ImageMagick's `import`.
    private func importPixels(from display: VirtualDisplay, width: Int, height: Int) async throws -> [UInt8] {
        let path = folder + "/shot-\(UUID().uuidString).rgb"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let crop = "\(width)x\(height)+\(geometry.originX)+\(geometry.originY)"
        let line = [
            "env", "DISPLAY=\(display.name)", try RealTerminalPrograms.path("import"), "-silent", "-window", "root", "-crop", crop,
            "-depth", "8", "rgb:\(path)",
        ].map(shellQuote).joined(separator: " ")
        let result = try await ShellSpawn.run(line)
        let bytes = CapturedOutput.bytes(atPath: path)
        guard result.status == 0, bytes.count == width * height * 3 else {
            throw Failure(description: "import gave \(bytes.count) bytes for \(crop) (status \(result.status)): \(result.output)")
        }
        return bytes
    }

    /// Screenshots until `condition` holds for `times` in a row that are all the same, `interval` apart: the
    /// terminal has drawn what it was sent and stopped changing.
    @discardableResult
    func waitForStableScreenshot(
        _ what: String = "a stable screen", times: Int = 3, interval: Duration = .milliseconds(100), deadline: Duration = .seconds(60),
        until condition: (Screenshot) -> Bool = { _ in true }
    ) async throws -> Screenshot {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = try await screenshot()
        var same = condition(last) ? 1 : 0
        while clock.now < end {
            if same >= times { return last }
            try await Task.sleep(for: interval)
            let now = try await screenshot()
            same = now == last && condition(now) ? same + 1 : (condition(now) ? 1 : 0)
            last = now
        }
        let saved = saveForInspection(last, "unsettled")
        throw Failure(description: "waited \(deadline) in \(emulator) for \(what); the last screenshot is \(saved)")
    }

    /// Writes `shot` as a PPM into the folder `PHOTORAMA_REALTERM_SHOTS` names, for a person to look at after
    /// a failure, and returns its path; without the variable nothing is kept (a known issue would leave
    /// files behind on every run) and it says how to keep them.
    func saveForInspection(_ shot: Screenshot, _ label: String) -> String {
        guard let folder = ProcessInfo.processInfo.environment["PHOTORAMA_REALTERM_SHOTS"], !folder.isEmpty else {
            return "set PHOTORAMA_REALTERM_SHOTS=FOLDER to keep the \(label) screenshot"
        }
        let path = folder + "/photorama-realterm-\(emulator.windowClass)-\(label)-\(UUID().uuidString.prefix(8)).ppm"
        _ = FileManager.default.createFile(atPath: path, contents: Data(shot.ppm))
        return path
    }

    private func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Where a terminal's cells are in its window, from the window's size: the cells fill it but for a margin
/// smaller than a cell, the same on both sides (xterm and kitty have none here, mlterm 2 pixels).
struct CellGeometry: Equatable, Sendable {
    var originX: Int
    var originY: Int
    var cellWidth: Int
    var cellHeight: Int

    init(originX: Int, originY: Int, cellWidth: Int, cellHeight: Int) {
        self.originX = originX
        self.originY = originY
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// From `xdotool getwindowgeometry --shell` (X=, Y=, WIDTH=, HEIGHT=); nil while the window is not yet
    /// `columns`×`rows` cells of a plausible size. `offset`: the first cell's place in the window when the
    /// margins differ (`TerminalEmulator.cellOffset`).
    init?(xdotool output: String, columns: Int, rows: Int, offset: (x: Int, y: Int)? = nil) {
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else { return nil }
        self.init(x: x, y: y, width: width, height: height, columns: columns, rows: rows, offset: offset)
    }

    /// From a window's place and size in pixels, as the xdotool initializer.
    init?(x: Int, y: Int, width: Int, height: Int, columns: Int, rows: Int, offset: (x: Int, y: Int)? = nil) {
        let cellWidth = width / columns
        let cellHeight = height / rows
        guard (5...40).contains(cellWidth), (8...80).contains(cellHeight) else { return nil }
        let margin = offset ?? ((width - columns * cellWidth) / 2, (height - rows * cellHeight) / 2)
        self.init(originX: x + margin.x, originY: y + margin.y, cellWidth: cellWidth, cellHeight: cellHeight)
    }
}

extension RealTerminal {
    /// Presses F12 (a key the browser ignores) and waits until the browser run with `--probe-report path`
    /// has drawn a frame after it with nothing in flight (see `TmuxSession.probe`); then until the
    /// terminal shows a stable screen. What it returns is what the browser drew for every key before.
    @discardableResult
    func settle(report path: String, count: inout Int, deadline: Duration = .seconds(60)) async throws -> Screenshot {
        count += 1
        try await press("F12")
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while true {
            last = CapturedOutput.text(atPath: path).trimmingCharacters(in: .whitespacesAndNewlines)
            if let report = ProbeReport(last), report.handled >= count, report.inFlight == 0 { break }
            guard clock.now < end else {
                throw Failure(
                    description: "no idle frame after probe \(count) within \(deadline) in \(emulator); the report said “\(last)”")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await waitForStableScreenshot(deadline: end - clock.now)
    }

    /// Presses `key` and waits until the screen differs from `before`: the key was read on its own, so the
    /// next key cannot merge with it (an Escape followed at once by F12's sequence reads as Alt-F12).
    func press(_ key: String, changing before: Screenshot, deadline: Duration = .seconds(30)) async throws {
        try await press(key)
        try await waitForStableScreenshot("the screen to change after \(key)", times: 1, deadline: deadline) { $0 != before }
    }
}
