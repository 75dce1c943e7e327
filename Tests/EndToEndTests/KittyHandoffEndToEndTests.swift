import Foundation
import PhotoramaImages
import PhotoramaLocking
import ScreenCapture
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// kitty on this machine (issue 42, point 2): the browser on a pseudo-terminal the test plays as a local
/// kitty, which answers the probe's medium questions OK and reads the objects pictures are handed over in.
/// Pixels then never cross the pty, and what a killed run left is removed by the next start.
@Suite(.serialized) struct KittyHandoffEndToEndTests {
    /// kitty 0.26.5's answers to the probe: graphics, shared memory and a temporary file readable (or shared
    /// memory refused, to make the browser use files), XTVERSION, DA1.
    static func answers(sharedMemory: Bool) -> [UInt8] {
        let shm = sharedMemory ? "OK" : "EBADF:Failed to open file for graphics transmission with error: [13] Permission denied"
        return Array(
            ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;\(shm)\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\"
                + "\u{1B}[?62;c").utf8)
    }

    /// The local kitty the test plays: reads each object a command names (a shared-memory object or a
    /// temporary file), checks it is private and holds exactly the bytes the command says, and removes it,
    /// as kitty does. `picturesToo` false: only the probe's objects are read (a kitty that never got to them).
    final class LocalKitty {
        let picturesToo: Bool
        private(set) var handled = 0
        private(set) var read: [String] = []
        private(set) var problems: [String] = []

        init(picturesToo: Bool) {
            self.picturesToo = picturesToo
        }

        static func path(_ command: GraphicsCommands.Kitty) -> String? {
            let name = String(decoding: command.data, as: UTF8.self)
            switch command.key("t") {
            case "s": return "/dev/shm" + name
            case "t": return name
            default: return nil
            }
        }

        func take(_ output: [UInt8]) {
            let commands = GraphicsCommands.kitty(output)
            for command in commands.dropFirst(handled) {
                guard let path = Self.path(command), picturesToo || command.key("a") == "q" else { continue }
                let expected =
                    command.key("a") == "q" ? 3 : (Int(command.key("s") ?? "") ?? 0) * (Int(command.key("v") ?? "") ?? 0) * 3
                var status = stat()
                if lstat(path, &status) != 0 {
                    problems.append("\(path) is missing")
                } else if status.st_mode & 0o777 != 0o600 || Int(status.st_size) != expected || status.st_mode & S_IFMT != S_IFREG {
                    problems.append(
                        "\(path): mode \(String(status.st_mode & 0o777, radix: 8)), \(status.st_size) bytes, \(expected) expected")
                }
                unlink(path)
                read.append(path)
            }
            handled = commands.count
        }
    }

    /// KITTY_WINDOW_ID, as kitty sets it for its programs: the probe then waits for the answers as a terminal's
    /// that is there (up to 1 s), so a test thread late to answer on a loaded machine does not leave half blocks.
    static func environment(_ folder: String) -> [String: String] {
        [
            "TERM": "xterm-256color", "KITTY_WINDOW_ID": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLORTERM": "truecolor",
            "PATH": "/usr/bin:/bin",
            "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config",
            "HOME": folder, "TMPDIR": folder + "/tmp",
        ]
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-handoff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        return folder
    }

    /// The objects of process `pid` still there: shared memory, and files in the private folder under `folder`'s tmp.
    static func objects(of pid: pid_t, folder: String) -> [String] {
        let prefix = "\(KittyMedium.namePrefix)\(pid)-"
        let files = folder + "/tmp/photorama-tty-graphics-protocol-\(getuid())"
        let shm = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix(prefix) }
        let temporary = ((try? FileManager.default.contentsOfDirectory(atPath: files)) ?? []).filter { $0.hasPrefix(prefix) }
        return (shm.map { "/dev/shm/" + $0 } + temporary.map { files + "/" + $0 }).sorted()
    }

    /// Presses F12 and reads until the browser's report says it handled it with nothing in flight.
    static func settle(_ run: PseudoTerminalRun, report: String, count: inout Int, kitty: LocalKitty) throws {
        count += 1
        run.send("\u{1B}[24~")
        let wanted = count
        try run.waitFor("an idle frame after probe \(wanted)") { output in
            kitty.take(output)
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            guard let report = ProbeReport(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
            return report.handled >= wanted && report.inFlight == 0
        }
        // The report is written after the frame's bytes: those still unread (a CI run once found six
        // pictures' objects whose transmissions had not been read yet) are read before kitty takes them.
        run.readPending()
        kitty.take(run.output)
    }

    static func transmissions(_ bytes: [UInt8]) -> [GraphicsCommands.Kitty] {
        GraphicsCommands.kitty(bytes).filter { ["t", "T"].contains($0.key("a") ?? "t") }
    }

    @Test("kitty on this machine: pictures go by shared memory, private and read once, and a PgDn writes at most 20 KB")
    func pageDownWritesAtMost20KB() async throws {
        try await OwnThread.run { () throws in try Self.pageDownSession() }
    }

    static func pageDownSession() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/probe"
        let kitty = LocalKitty(picturesToo: true)
        let run = try PseudoTerminalRun(
            ["--demo", "--seed", "7", "--thumbnails", "on", "--probe-report", report], environment: Self.environment(folder),
            reply: Self.answers(sharedMemory: true), columns: 200, rows: 60, beforeReply: { kitty.take($0) })
        try run.waitFor("the grid") { PseudoTerminalRun.occurrences(of: Array("of 1,000".utf8), in: $0) > 0 }
        var probes = 0
        try Self.settle(run, report: report, count: &probes, kitty: kitty)
        let first = Self.transmissions(run.output)
        #expect(first.count >= 6)
        #expect(first.allSatisfy { $0.key("t") == "s" && $0.key("f") == "24" }, "\(first.map(\.keys))")
        var sizes: [Int] = []
        var sent = first.count
        for _ in 0..<4 {
            let before = run.output.count
            run.send("\u{1B}[6~")
            try Self.settle(run, report: report, count: &probes, kitty: kitty)
            sizes.append(run.output.count - before)
            let now = Self.transmissions(run.output)
            #expect(now.allSatisfy { $0.key("t") == "s" })
            sent = now.count
        }
        print("kitty by shared memory, bytes per PgDn at 200x60: \(sizes), \(sent) pictures sent")
        #expect(sent >= first.count + 40)
        #expect(sizes.allSatisfy { $0 <= 20_000 }, "\(sizes)")
        #expect(kitty.problems == [])
        // The probe's two objects and every picture's were read; nothing of the run is left.
        #expect(kitty.read.count == sent + 2)
        #expect(Self.objects(of: run.pid, folder: folder) == [])
        run.send("q")
        #expect(try run.waitForExit() == 0)
    }

    @Test(
        "after kill -9, the next start removes the pictures the killed run left unread",
        arguments: [true, false])
    func killedRunsObjectsAreRemoved(sharedMemory: Bool) async throws {
        try await OwnThread.run { () throws in try Self.killSession(sharedMemory: sharedMemory) }
    }

    static func killSession(sharedMemory: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This kitty answers the probe but never reads a picture: they stay, as when the browser is killed
        // between writing a picture and kitty reading it.
        let kitty = LocalKitty(picturesToo: false)
        let killed = try PseudoTerminalRun(
            ["--demo", "--seed", "7", "--thumbnails", "on"], environment: Self.environment(folder),
            reply: Self.answers(sharedMemory: sharedMemory), columns: 200, rows: 60, beforeReply: { kitty.take($0) })
        try killed.waitFor("pictures handed over") { Self.transmissions($0).count >= 3 }
        let medium = sharedMemory ? "s" : "t"
        #expect(Self.transmissions(killed.output).allSatisfy { $0.key("t") == medium })
        let left = Self.objects(of: killed.pid, folder: folder)
        #expect(left.count >= 3)
        #expect(left.allSatisfy { $0.hasPrefix(sharedMemory ? "/dev/shm/" : folder) })
        kill(killed.pid, SIGKILL)
        _ = try killed.waitForExit()
        #expect(Self.objects(of: killed.pid, folder: folder) == left)

        let next = try PseudoTerminalRun(
            ["--demo", "--seed", "7", "--thumbnails", "on"], environment: Self.environment(folder),
            reply: Self.answers(sharedMemory: sharedMemory), columns: 200, rows: 60,
            beforeReply: { LocalKitty(picturesToo: false).take($0) })
        try next.waitFor("the grid") { PseudoTerminalRun.occurrences(of: Array("of 1,000".utf8), in: $0) > 0 }
        #expect(Self.objects(of: killed.pid, folder: folder) == [])
        kill(next.pid, SIGKILL)
        _ = try next.waitForExit()
        // What this second run left, the folder's removal takes (the shared-memory objects here).
        for object in Self.objects(of: next.pid, folder: folder) where object.hasPrefix("/dev/shm/") {
            unlink(object)
        }
    }
}
