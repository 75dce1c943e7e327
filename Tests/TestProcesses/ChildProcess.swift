import Foundation
import PhotoramaLocking
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start with posix_spawn and reap with waitpid, never with Foundation's `Process`.
///
/// Why not `Process`: on Linux it learns of a child's exit when the child's end of a socketpair closes, and
/// that end is not close-on-exec. Any program spawned meanwhile by something else in the test process (a tmux
/// server, which lives for the whole test) inherits it, and `isRunning` then stays true long after the child
/// has exited: `serve` "still running 10 s after SIGTERM" and `--help` "timing out" were that. Here the child
/// gets only the three descriptors it is given (every other one is closed in the child), and its exit is
/// read with waitpid on the pid itself.
public final class ChildProcess: Sendable {
    public let pid: pid_t
    private let reaped = Reaped()

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where the child's standard streams go: files (never pipes, whose readers would have to be scheduled)
    /// or /dev/null.
    public struct Streams: Sendable {
        public var stdin: String = "/dev/null"
        public var stdout: String = "/dev/null"
        public var stderr: String = "/dev/null"
        public init(stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null") {
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Starts `executable` (an absolute path).
    public init(_ executable: String, _ arguments: [String], environment: [String: String], streams: Streams = Streams()) throws {
        let started = Spawn.start(
            .path(executable), argv: [executable] + arguments, environment: environment,
            stdin: .file(streams.stdin, .read), stdout: .file(streams.stdout, .append), stderr: .file(streams.stderr, .append),
            closeFromThree: true,
            // Default signals: the threads of Swift's pool block signals and this process ignores SIGPIPE.
            signals: .defaultsRestored)
        switch started {
        case .success(let pid): self.pid = pid
        case .failure(let failure): throw Failure(description: failure.message)
        }
    }

    public func signal(_ number: Int32) {
        guard reaped.status == nil else { return }
        kill(pid, number)
    }

    /// The exit status (128 + n for signal n) once the child has ended, or nil if it is still running at
    /// the deadline. The polling runs on a thread of its own, never on Swift's cooperative pool.
    public func exitStatus(within deadline: Duration) async -> Int32? {
        if let status = reaped.status { return status }
        let pid = self.pid
        let reaped = self.reaped
        return await withCheckedContinuation { (done: CheckedContinuation<Int32?, Never>) in
            let thread = Thread {
                let clock = ContinuousClock()
                let end = clock.now + deadline
                while true {
                    if let status = reaped.poll(pid) { return done.resume(returning: status) }
                    if clock.now > end { return done.resume(returning: nil) }
                    usleep(2_000)
                }
            }
            thread.start()
        }
    }

    /// Waits up to `deadline` for the child to end, blocking the calling thread (for a deinit, after a
    /// signal that ends it promptly); its exit status, or nil if it still runs.
    public func exitStatusBlocking(within deadline: Duration) -> Int32? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while true {
            if let status = reaped.poll(pid) { return status }
            if clock.now > end { return nil }
            usleep(2_000)
        }
    }

    /// Waits for the child to end, blocking the calling thread: for cleanup that cannot await (a deinit),
    /// with a child that ends by itself at once (`tmux kill-server`). The exit status, as `exitStatus`.
    public func waitBlocking() -> Int32 {
        reaped.reapBlocking(pid)
        return reaped.status ?? -1
    }

    /// Kills a child that is still running and reaps it, so no test leaves a process behind.
    public func killAndReap() {
        guard reaped.status == nil else { return }
        kill(pid, SIGKILL)
        reaped.reapBlocking(pid)
    }

    deinit { killAndReap() }
}

/// The child's exit status once waitpid has returned it (waitpid answers once, so it is kept).
private final class Reaped: Sendable {
    private let state = Locked<Int32?>(nil)

    var status: Int32? { state.withLock { $0 } }

    func poll(_ pid: pid_t) -> Int32? {
        state.withLock { status in
            if status != nil { return status }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                status = Self.decode(raw)
            } else if result < 0, errno == ECHILD {
                status = -1
            }
            return status
        }
    }

    func reapBlocking(_ pid: pid_t) {
        state.withLock { status in
            guard status == nil else { return }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
            status = Self.decode(raw)
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}
