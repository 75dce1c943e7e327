import PhotoramaSpawn
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Spawn.start: the one posix_spawn helper")
struct SpawnTests {
    @Test("/bin/echo prints its arguments; env prints exactly the environment it was given")
    func argumentsAndEnvironment() throws {
        let echoed = try Child.run(.path("/bin/echo"), argv: ["echo", "one", "two words"], environment: ["LANG": "C"])
        #expect(echoed == Child.Output(text: "one two words\n", status: 0))
        let environment = try Child.run(.searched("env"), argv: ["env"], environment: ["PHOTORAMA_GREETING": "hello there"])
        #expect(environment == Child.Output(text: "PHOTORAMA_GREETING=hello there\n", status: 0))
    }

    @Test("a missing program is an error value naming it and saying why")
    func missingProgram() {
        let byPath = Spawn.start(
            .path("/nonexistent/photorama-helper"), argv: ["x"], environment: [:], closeFromThree: true, signals: .inherited)
        #expect(byPath.failureMessage == "could not start /nonexistent/photorama-helper: No such file or directory")
        let byName = Spawn.start(
            .searched("no-such-program-photorama"), argv: ["x"], environment: [:], closeFromThree: true, signals: .inherited)
        #expect(byName.failureMessage == "could not start no-such-program-photorama: No such file or directory")
    }

    @Test("closing from 3: the child holds 0, 1, 2 and the one descriptor ls opens; without it, ours leak in")
    func closeFromThree() throws {
        // A descriptor of ours without close-on-exec, as a library might leave one.
        let leaked = open("/dev/null", O_RDONLY)
        try #require(leaked >= 0)
        defer { close(leaked) }
        let closed = try Child.run(.path("/bin/ls"), argv: ["ls", "/proc/self/fd"], environment: [:], closeFromThree: true)
        #expect(closed == Child.Output(text: "0\n1\n2\n3\n", status: 0))
        let kept = try Child.run(.path("/bin/ls"), argv: ["ls", "/proc/self/fd"], environment: [:], closeFromThree: false)
        #expect(kept.text.split(separator: "\n").contains(Substring(String(leaked))))
    }

    @Test("defaults restored: nothing blocked, nothing ignored, whatever this thread blocks or ignores")
    func defaultSignals() throws {
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        var blocked = sigset_t()
        var old = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let status = try Child.run(.path("/bin/cat"), argv: ["cat", "/proc/self/status"], environment: [:], signals: .defaultsRestored)
        #expect(Child.mask(status.text, "SigBlk") == 0)
        // Signals 1–31 at their defaults; 32 and 33 are glibc's own (thread cancellation, setxid), which
        // posix_spawn leaves as they are.
        #expect(Child.mask(status.text, "SigIgn") & 0x7FFF_FFFF == 0)
        let inherited = try Child.run(.path("/bin/cat"), argv: ["cat", "/proc/self/status"], environment: [:], signals: .inherited)
        // SIGUSR1 is signal 10 (bit 9), SIGUSR2 signal 12 (bit 11).
        #expect(Child.mask(inherited.text, "SigBlk") & (1 << 9) != 0)
        #expect(Child.mask(inherited.text, "SigIgn") & (1 << 11) != 0)
    }

    @Test("a new session: the child leads its own session and process group")
    func newSession() throws {
        let stat = try Child.run(.path("/bin/cat"), argv: ["cat", "/proc/self/stat"], environment: [:], newSession: true)
        // pid (comm) state ppid pgrp session …
        let fields = stat.text.split(separator: ")").last?.split(separator: " ") ?? []
        let pid = stat.text.split(separator: " ").first
        try #require(fields.count > 3)
        #expect(fields[2] == pid)
        #expect(fields[3] == pid)
    }
}

/// A child run to its end with stdout on a pipe, read until the pipe closes.
enum Child {
    struct Output: Equatable {
        var text: String
        var status: Int32
    }

    static func run(
        _ program: Spawn.Program, argv: [String], environment: [String: String], closeFromThree: Bool = true,
        newSession: Bool = false, signals: Spawn.Signals = .inherited
    ) throws -> Output {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let started = Spawn.start(
            program, argv: argv, environment: environment, stdin: .null, stdout: .descriptor(ends[1]), stderr: .null,
            closeFromThree: closeFromThree, newSession: newSession, signals: signals)
        close(ends[1])
        defer { close(ends[0]) }
        let pid = try started.get()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Output(text: String(decoding: bytes, as: UTF8.self), status: (status >> 8) & 0xFF)
    }

    /// A signal mask line of /proc/PID/status ("SigBlk:\t0000000000000200") as a number.
    static func mask(_ status: String, _ name: String) -> UInt64 {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { UInt64(String($0.dropFirst(name.count + 1).drop { $0 == "\t" || $0 == " " }), radix: 16) } ?? 0
    }
}

extension Result where Failure == SpawnFailure {
    var failureMessage: String? {
        if case .failure(let failure) = self { failure.message } else { nil }
    }
}
