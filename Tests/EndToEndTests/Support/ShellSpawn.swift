import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs one shell command line with posix_spawn and waitpid, on a thread of its own.
///
/// Used for tmux: `new-session` forks the tmux server, and Foundation's `Process` was seen never to report
/// the client's exit in that case (`isRunning` stayed true, the client a zombie). waitpid on our own pid
/// has no such problem.
enum ShellSpawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Returns the exit status and what the command printed (stdout and stderr together).
    static func run(_ commandLine: String, deadline: Duration = .seconds(10)) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try runBlocking(commandLine, deadline: deadline) })
            }
            thread.start()
        }
    }

    private static func runBlocking(_ commandLine: String, deadline: Duration) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("photorama-sh-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let full = "(\(commandLine)) </dev/null >\(outputPath) 2>&1"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(full), nil]
        defer { for pointer in argv { free(pointer) } }
        // Threads of Swift's concurrency pool block signals, and a spawned child inherits that mask: tmux's
        // server then cannot see SIGCHLD and dies. Start it with a clean mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // Signals this process ignores (SIGPIPE for the network stack) go back to their defaults too.
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let spawned = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "posix_spawn failed: \(spawned)") }
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 { throw Failure(description: "waitpid failed for: \(commandLine)") }
            if clock.now > end {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure(description: "timed out: \(commandLine)")
            }
            usleep(2_000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (exitStatus, output)
    }
}
