import Foundation
import PhotoramaSpawn
import ScreenCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Shell commands for the benchmarks that drive the real binary in tmux.
enum BenchShell {
    /// The `photorama` binary built next to this one, or `--binary PATH`.
    static func photoramaBinary(_ arguments: [String]) throws -> String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var binary = directory.appendingPathComponent("photorama").path
        if let index = arguments.firstIndex(of: "--binary"), index + 1 < arguments.count { binary = arguments[index + 1] }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkFailure("no photorama binary at \(binary): build it first (swift build -c release)")
        }
        return binary
    }

    /// Runs `line` with /bin/sh and returns its exit status; stdout goes to `output` (or is dropped),
    /// stderr is dropped.
    static func run(_ line: String, output: String = "/dev/null") -> Int32 {
        spawnAndWait(
            "/bin/sh", ["-c", line + " </dev/null >\(quote(output)) 2>/dev/null"],
            environment: ProcessInfo.processInfo.environment)
    }

    /// Stops the tmux server named `socket` and removes the socket file tmux leaves behind. `waiting`: then
    /// waits (up to 10 s) until the program in its pane has exited, so the caller can remove the files it
    /// was writing.
    static func stopTmuxServer(_ socket: String, waiting: Bool = true) {
        let program = waiting ? panePID(socket) : nil
        _ = run("tmux -L \(quote(socket)) kill-server")
        TmuxSocketFolder.removeSocket(socket)
        guard let program else { return }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        // Not a child of ours (tmux's), so it cannot be waited for: signal 0 says whether it still exists.
        while kill(program, 0) == 0, clock.now < deadline { usleep(5_000) }
    }

    /// The process id of the program in the first pane of tmux server `socket`, or nil.
    static func panePID(_ socket: String) -> pid_t? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard run("tmux -L \(quote(socket)) list-panes -F '#{pane_pid}'", output: file) == 0,
            let text = try? String(contentsOfFile: file, encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The resident memory in MB of the program in the first pane of tmux server `socket`, from /proc.
    static func residentMB(ofPaneIn socket: String) -> Double? {
        guard let pid = panePID(socket),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return (line.split(separator: " ").compactMap { Double($0) }.first ?? 0) / 1024
    }

    /// `text` quoted for /bin/sh.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `path` with `arguments` (no shell), stdin and stderr on /dev/null, stdout to `output` (created
    /// or truncated), in `environment` only; returns its exit status once it has exited.
    static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String], output: String = "/dev/null") -> Int32 {
        let started = Spawn.start(
            .path(path), argv: [path] + arguments, environment: environment,
            stdin: .null, stdout: .file(output, .truncate), stderr: .null, closeFromThree: false,
            // Defaults: with the pool threads' blocked mask tmux's server misses SIGCHLD and dies; SIGPIPE is ignored here.
            signals: .defaultsRestored)
        guard case .success(let pid) = started else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -2 }
        }
        return (status >> 8) & 0xFF
    }
}
