#if canImport(Glibc)
    import Glibc
#endif

/// What a helper program printed and how it ended, for helpers that print one value (`key_command`,
/// `xdg-user-dir`).
public struct ProgramOutput: Sendable, Equatable {
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        case killedBySignal(Int32)
        /// Still running at the deadline: killed, and what it printed until then is kept.
        case timedOut
    }

    public let ending: Ending
    /// Its stdout, at most the limit asked for.
    public let output: [UInt8]

    /// The first line of the output without surrounding white space.
    public var firstLine: String {
        let line = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        var scalars = Substring(decoding: line, as: UTF8.self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Spawn {
    /// Runs `program` with stdin and stderr on /dev/null, no descriptor of ours but a pipe for its stdout, and
    /// signals at their defaults, and collects at most `limit` bytes of what it prints until it exits (a
    /// daemon it started may keep the pipe open) or `timeout` passes, when it is killed. Blocks the calling
    /// thread: call it from a thread of its own (`OwnThread`), never from Swift's cooperative pool.
    public static func output(
        _ program: Program, argv: [String], environment: [String: String], timeout: Duration, limit: Int = 65_536
    ) -> Result<ProgramOutput, SpawnFailure> {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .failure(SpawnFailure(program: program.name, code: errno)) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Other programs started meanwhile must not inherit the pipe (the child gets it by dup2).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let started = start(
            program, argv: argv, environment: environment, stdin: .null, stdout: .descriptor(writeEnd), stderr: .null,
            // Defaults restored: the caller's thread may block signals a child would otherwise inherit, and a
            // helper that cannot be interrupted is no helper.
            closeFromThree: true, signals: .defaultsRestored)
        close(writeEnd)
        switch started {
        case .failure(let failure):
            close(readEnd)
            return .failure(failure)
        case .success(let pid):
            var collected = OutputCollector(readEnd: readEnd, limit: limit)
            return .success(collected.collect(child: pid, until: .now + timeout))
        }
    }
}

/// Reads a child's stdout until it closes or the child has exited, with a deadline.
private struct OutputCollector {
    let readEnd: Int32
    let limit: Int
    var output: [UInt8] = []

    init(readEnd: Int32, limit: Int) {
        self.readEnd = readEnd
        self.limit = limit
    }

    mutating func collect(child pid: pid_t, until deadline: ContinuousClock.Instant) -> ProgramOutput {
        defer { close(readEnd) }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        var status: Int32 = 0
        var open = true
        while true {
            if open { open = drain() }
            var exited = waitpid(pid, &status, WNOHANG)
            while exited == -1, errno == EINTR { exited = waitpid(pid, &status, WNOHANG) }
            if exited == pid || exited == -1 {
                // Exited with the pipe still open elsewhere (a daemon it started): what it wrote is already
                // in the pipe.
                if open && exited == pid { _ = drain() }
                let signal = status & 0x7f
                return ProgramOutput(ending: signal != 0 ? .killedBySignal(signal) : .exited((status >> 8) & 0xff), output: output)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                return ProgramOutput(ending: .timedOut, output: output)
            }
            // Wake on output, or every 50 ms to notice an exit that leaves the pipe open (5 ms once the
            // pipe has closed: the exit is then moments away).
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, min(open ? 50 : 5, left / .milliseconds(1))))
            _ = open ? poll(&poller, 1, milliseconds) : poll(nil, 0, milliseconds)
        }
    }

    /// Reads what the pipe holds now; false once it has closed (or failed), true when it is merely empty.
    private mutating func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                if output.count < limit { output += buffer[..<min(count, limit - output.count)] }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 && errno == EAGAIN
            }
        }
    }
}
