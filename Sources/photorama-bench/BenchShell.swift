import Foundation
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
            environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
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
    static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String], output: String = "/dev/null") -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Threads of Swift's concurrency pool block signals, and a spawned child inherits that mask: tmux's
        // server then cannot see SIGCHLD and dies ("server exited unexpectedly"). Start it with a clean mask,
        // and with default actions for the signals this process ignores (SIGPIPE for the network stack).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -2 }
        }
        return (status >> 8) & 0xFF
    }
}
