import CSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// The one way our programs and tools start another program: posix_spawn straight to it (never a shell,
/// never fork), with what the child gets stated at each call: its standard streams, whether it keeps our
/// other descriptors, its session, and its signals. The caller reaps the child (waitpid).
public enum Spawn {
    /// Starts the program; its pid, or why it could not start (posix_spawn's error, or a file action's).
    /// `argv` begins with the name the program sees as argv[0].
    public static func start(
        _ program: Program, argv: [String], environment: [String: String],
        stdin: Stream = .inherited, stdout: Stream = .inherited, stderr: Stream = .inherited,
        closeFromThree: Bool, newSession: Bool = false, signals: Signals
    ) -> Result<pid_t, SpawnFailure> {
        let failure = { (code: Int32) in SpawnFailure(program: program.name, code: code) }
        var actions = posix_spawn_file_actions_t()
        if let code = nonzero(posix_spawn_file_actions_init(&actions)) { return .failure(failure(code)) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(STDIN_FILENO, stdin), (STDOUT_FILENO, stdout), (STDERR_FILENO, stderr)] {
            if let code = nonzero(stream.add(to: &actions, as: target)) { return .failure(failure(code)) }
        }
        if closeFromThree, let code = nonzero(photorama_spawn_close_from(&actions, 3)) { return .failure(failure(code)) }

        var attributes = posix_spawnattr_t()
        if let code = nonzero(posix_spawnattr_init(&attributes)) { return .failure(failure(code)) }
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32 = 0
        if case .defaultsRestored = signals {
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigdefault(&attributes, &all)
            flags |= Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        }
        if newSession { flags |= photorama_spawn_setsid_flag() }
        if let code = nonzero(posix_spawnattr_setflags(&attributes, Int16(flags))) { return .failure(failure(code)) }

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        guard !cArguments.dropLast().contains(nil), !cEnvironment.dropLast().contains(nil) else { return .failure(failure(ENOMEM)) }
        var pid: pid_t = 0
        let code =
            switch program {
            case .path(let path): posix_spawn(&pid, path, &actions, &attributes, cArguments, cEnvironment)
            case .searched(let name): posix_spawnp(&pid, name, &actions, &attributes, cArguments, cEnvironment)
            }
        return code == 0 ? .success(pid) : .failure(failure(code))
    }

    /// A C call's result as an error code, nil when it succeeded.
    private static func nonzero(_ code: Int32) -> Int32? { code == 0 ? nil : code }
}

// MARK: - What the child gets
extension Spawn {
    /// The program to run.
    public enum Program: Hashable, Sendable {
        /// A path (absolute, or relative to the working directory), run as it is.
        case path(String)
        /// A bare name found on this process's PATH (posix_spawnp), or a path when it has a slash.
        case searched(String)

        var name: String {
            switch self {
            case .path(let name), .searched(let name): name
            }
        }
    }

    /// Where one of the child's standard streams goes.
    public enum Stream: Hashable, Sendable {
        /// Ours, the same open file.
        case inherited
        /// /dev/null: reads end at once, writes vanish.
        case null
        /// One of our descriptors (a pipe's end, say), duplicated onto the stream.
        case descriptor(Int32)
        /// A file, opened in the child.
        case file(String, FileOpening)

        func add(to actions: inout posix_spawn_file_actions_t, as target: Int32) -> Int32 {
            switch self {
            case .inherited: 0
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path, let opening): posix_spawn_file_actions_addopen(&actions, target, path, opening.flags, 0o600)
            }
        }
    }

    /// How a file given as a stream is opened; files created are readable and writable by their owner only.
    public enum FileOpening: Hashable, Sendable {
        case read
        /// Created, or emptied first.
        case truncate
        /// Created, or written after what it holds.
        case append

        var flags: Int32 {
            switch self {
            case .read: O_RDONLY
            case .truncate: O_WRONLY | O_CREAT | O_TRUNC
            case .append: O_WRONLY | O_APPEND | O_CREAT
            }
        }
    }

    /// The child's signals. Exec already resets handled signals to their defaults; what survives it is the
    /// blocked mask and the signals we ignore.
    public enum Signals: Hashable, Sendable {
        /// Our mask and our ignored signals, as posix_spawn leaves them.
        case inherited
        /// No signal blocked and every signal at its default action: threads of Swift's pool block signals,
        /// and we ignore some (SIGPIPE, and SIGTERM, SIGINT and SIGHUP while the browser runs).
        case defaultsRestored
    }
}

/// Why a program could not be started: its name and the system's reason ("No such file or directory").
public struct SpawnFailure: Error, Hashable, Sendable {
    public let program: String
    public let code: Int32

    public var reason: String { String(cString: strerror(code)) }
    /// "could not start PROGRAM: REASON".
    public var message: String { "could not start \(program): \(reason)" }
}
