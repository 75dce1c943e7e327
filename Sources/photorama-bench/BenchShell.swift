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

    /// Stops the tmux server named `socket` and removes the socket file tmux leaves behind.
    static func stopTmuxServer(_ socket: String) {
        _ = run("tmux -L \(quote(socket)) kill-server")
        TmuxSocketFolder.removeSocket(socket)
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
