import Foundation
import TestProcesses

#if canImport(Glibc)
    import Glibc
#endif

/// A private headless Wayland compositor (sway with `WLR_BACKENDS=headless`, drawing in software) for one
/// real terminal emulator: screenshots with grim, keys with wtype, windows from sway's tree. Removed with
/// everything it holds when the value is let go of, also when a test fails half-way.
///
/// sway refuses to run as root: as root it runs as an unprivileged user made for it (`runAs`), with its own
/// XDG_RUNTIME_DIR (0700, that user's). The clients (the emulator, grim, wtype) stay the test's user: root
/// may open a socket in any folder.
final class WaylandCompositor {
    /// XDG_RUNTIME_DIR and WAYLAND_DISPLAY, for every client.
    let environment: [String: String]
    /// sway's IPC socket, for swaymsg.
    let ipcSocket: String
    private let server: ChildProcess
    /// A virtual keyboard that lives as long as the compositor (`wtype -s`): without a keyboard the seat
    /// has none, the emulator binds none, and the first keys of a short-lived wtype are lost.
    private let keyboard: ChildProcess
    private let folder: String

    /// The user sway runs as when the tests run as root.
    static let runAs = "photorama-wayland"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private init(environment: [String: String], ipcSocket: String, server: ChildProcess, keyboard: ChildProcess, folder: String) {
        self.environment = environment
        self.ipcSocket = ipcSocket
        self.server = server
        self.keyboard = keyboard
        self.folder = folder
    }

    /// Starts sway with one headless output of `width`×`height` pixels, floating every `appID` window at
    /// its top-left corner without a border, and waits until it has a keyboard.
    static func start(width: Int, height: Int, appID: String, deadline: Duration = .seconds(30)) async throws -> WaylandCompositor {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-wayland-\(UUID().uuidString)").path
        let runtime = folder + "/runtime"
        let config = folder + "/sway.conf"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        let lines = [
            "xwayland disable", "output HEADLESS-1 resolution \(width)x\(height) position 0 0", "default_border none",
            "default_floating_border none", "for_window [app_id=\"\(appID)\"] floating enable, move position 0 0",
            "seat * hide_cursor 1",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
        var command = [try RealTerminalPrograms.path("sway"), "-c", config]
        if geteuid() == 0 {
            let (uid, gid) = try await unprivilegedUser()
            guard chown(runtime, uid, gid) == 0 else { throw Failure(description: "chown \(runtime) failed: errno \(errno)") }
            command = [try RealTerminalPrograms.path("setpriv"), "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"] + command
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let server: ChildProcess
        do {
            server = try ChildProcess(
                command[0], Array(command.dropFirst()),
                environment: [
                    "PATH": path, "HOME": folder, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
                    "WLR_LIBINPUT_NO_DEVICES": "1", "LANG": "C.UTF-8",
                ],
                streams: .init(stdout: folder + "/sway.log", stderr: folder + "/sway.log"))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var sockets: (display: String, ipc: String)?
        while clock.now < end, sockets == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
            if let display = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") })
            {
                sockets = (display, runtime + "/" + ipc)
            } else {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        guard let sockets else {
            let log = CapturedOutput.text(atPath: folder + "/sway.log")
            server.killAndReap()
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure(description: "sway opened no Wayland socket within \(deadline): \(log)")
        }
        let environment = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": sockets.display]
        let keyboard = try ChildProcess(
            try RealTerminalPrograms.path("wtype"), ["-s", "100000000"], environment: environment.merging(["PATH": path]) { $1 },
            streams: .init(stdout: folder + "/wtype.log", stderr: folder + "/wtype.log"))
        let compositor = WaylandCompositor(
            environment: environment, ipcSocket: sockets.ipc, server: server, keyboard: keyboard, folder: folder)
        while clock.now < end {
            if try await compositor.swaymsg("get_seats").contains("\"type\": \"keyboard\"") { return compositor }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "sway's seat has no keyboard within \(deadline): \(CapturedOutput.text(atPath: folder + "/wtype.log"))")
    }

    /// The uid and gid of `runAs`, made (a system user without a home or a login shell) when missing.
    private static func unprivilegedUser() async throws -> (uid_t, gid_t) {
        func lookUp() -> (uid_t, gid_t)? {
            guard let entry = getpwnam(runAs) else { return nil }
            return (entry.pointee.pw_uid, entry.pointee.pw_gid)
        }
        if let found = lookUp() { return found }
        let line = [
            TestDependency.passwd.file, "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
            "--shell", "/usr/sbin/nologin", runAs,
        ].map(shellQuote).joined(separator: " ")
        let result = try await ShellSpawn.run(line)
        // Status 9: made meanwhile by another test process.
        guard let found = lookUp() else { throw Failure(description: "useradd \(runAs) exited \(result.status): \(result.output)") }
        return found
    }

    deinit {
        keyboard.killAndReap()
        server.signal(SIGTERM)
        server.killAndReap()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs one of the compositor's clients (`program` on PATH) and returns what it printed, failing on a
    /// status other than 0.
    @discardableResult
    func client(_ program: String, _ arguments: [String]) async throws -> String {
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let line = (["env"] + variables + [try RealTerminalPrograms.path(program)] + arguments).map(Self.shellQuote).joined(separator: " ")
        let result = try await ShellSpawn.run(line)
        guard result.status == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    func swaymsg(_ type: String) async throws -> String {
        try await client("swaymsg", ["-s", ipcSocket, "-r", "-t", type])
    }

    /// The window of `appID` on the output, in pixels, once it is mapped.
    func window(appID: String) async throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let tree = try JSONSerialization.jsonObject(with: Data(try await swaymsg("get_tree").utf8))
        func find(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["app_id"] as? String == appID { return node }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] { if let found = find(child) { return found } }
            }
            return nil
        }
        guard let rect = find(tree)?["rect"] as? [String: Any], let x = rect["x"] as? Int, let y = rect["y"] as? Int,
            let width = rect["width"] as? Int, let height = rect["height"] as? Int
        else { return nil }
        return (x, y, width, height)
    }

    /// Presses keys named as xdotool names them ("question", "Escape", "Next", "ctrl+l", "L"), one after the
    /// other. A single character goes as text: `wtype -k L` (and with -M shift) sends "l".
    func press(_ keys: [String]) async throws {
        var arguments: [String] = []
        for key in keys {
            if key.count == 1 {
                arguments.append(key)
                continue
            }
            let parts = key.split(separator: "+").map(String.init)
            let modifiers = parts.dropLast()
            arguments += modifiers.flatMap { ["-M", $0] } + ["-k", parts.last ?? key] + modifiers.reversed().flatMap { ["-m", $0] }
        }
        try await client("wtype", arguments)
    }

    /// Types `text` as the keyboard would.
    func type(_ text: String) async throws {
        try await client("wtype", ["-d", "20", text])
    }

    /// The RGB pixels of `width`×`height` at `x`,`y` on the output (grim's PPM).
    func screenshot(x: Int, y: Int, width: Int, height: Int) async throws -> [UInt8] {
        let path = folder + "/shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await client("grim", ["-g", "\(x),\(y) \(width)x\(height)", "-t", "ppm", path])
        let bytes = CapturedOutput.bytes(atPath: path)
        let header = Array("P6\n\(width) \(height)\n255\n".utf8)
        guard bytes.count == header.count + width * height * 3, Array(bytes.prefix(header.count)) == header else {
            throw Failure(description: "grim gave \(bytes.count) bytes for \(width)x\(height), not a PPM of that size")
        }
        return Array(bytes.dropFirst(header.count))
    }

    private static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
