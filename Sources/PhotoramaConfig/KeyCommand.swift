import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a `key_command` (posix_spawnp, never a shell) and takes the first line of what it prints as the
/// key. Its stdin and stderr are /dev/null, so a failure is our one line, never the program's chatter;
/// a failure message names the program and why, never anything it printed.
public enum KeyCommand {
    /// More than this on stdout is not a key.
    static let outputLimit = 65_536
    /// Long enough to type a passphrase into a pinentry window; a helper that waits on something that never
    /// comes must not freeze every command.
    public static let defaultTimeout = Duration.seconds(30)

    /// `name` is the setting (`flickr.key_command`) for messages.
    public static func run(
        _ arguments: [String], name: String, environment: [String: String], timeout: Duration = defaultTimeout
    ) throws(ConfigError) -> String {
        guard let program = arguments.first, !program.isEmpty else { throw ConfigError("\(name) is empty") }
        let failure = { (reason: String) in ConfigError("\(name) failed: \(program) \(reason)") }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("could not start: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Other programs started meanwhile must not inherit the pipe (the child gets it by dup2).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let started = Spawn.start(
            .searched(program), argv: arguments, environment: environment,
            stdin: .null, stdout: .descriptor(writeEnd), stderr: .null, closeFromThree: true,
            // Defaults restored: it runs from a thread of ours (OwnThread), whose blocked signals a child
            // would otherwise inherit, and a helper that cannot be interrupted is no helper.
            signals: .defaultsRestored)
        close(writeEnd)
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let spawnFailure):
            close(readEnd)
            throw failure("could not start: \(spawnFailure.reason)")
        }
        var output: [UInt8] = []
        guard let status = collect(from: readEnd, child: pid, until: .now + timeout, into: &output) else {
            throw failure("printed no key within \(timeout.components.seconds) s")
        }
        let signal = status & 0x7f
        if signal != 0 { throw failure("was killed by signal \(signal)") }
        let exitStatus = (status >> 8) & 0xff
        if exitStatus != 0 { throw failure("exited with status \(exitStatus)") }
        let firstLine = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let key = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw failure("printed no key") }
        return key
    }

    /// Reads the child's output until it closes or the child has exited (a daemon it started may keep the pipe
    /// open), then returns its wait status; nil when the deadline came first, the child then killed.
    private static func collect(from readEnd: Int32, child pid: pid_t, until deadline: ContinuousClock.Instant, into output: inout [UInt8])
        -> Int32?
    {
        defer { close(readEnd) }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        var status: Int32 = 0
        var open = true
        while true {
            if open { open = drain(readEnd, into: &output) }
            var exited = waitpid(pid, &status, WNOHANG)
            while exited == -1, errno == EINTR { exited = waitpid(pid, &status, WNOHANG) }
            if exited == pid || exited == -1 {
                // Exited with the pipe still open elsewhere (a daemon it started): what it wrote is already
                // in the pipe.
                if open && exited == pid { _ = drain(readEnd, into: &output) }
                return status
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                return nil
            }
            // Wake on output, or every 50 ms to notice an exit that leaves the pipe open (5 ms once the
            // pipe has closed: the exit is then moments away).
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, min(open ? 50 : 5, left / .milliseconds(1))))
            _ = open ? poll(&poller, 1, milliseconds) : poll(nil, 0, milliseconds)
        }
    }

    /// Reads what the pipe holds now; false once it has closed (or failed), true when it is merely empty.
    private static func drain(_ readEnd: Int32, into output: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                if output.count < outputLimit { output += buffer[..<count] }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 && errno == EAGAIN
            }
        }
    }
}
