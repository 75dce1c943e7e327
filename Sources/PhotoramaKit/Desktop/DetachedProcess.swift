import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts a program that outlives nothing of ours on screen: posix_spawn straight to the program (never
/// a shell), stdin, stdout and stderr on /dev/null, a session of its own (Ctrl-C or a hang-up of our
/// terminal do not reach it), default signal dispositions (we ignore SIGTERM and SIGHUP while the
/// browser runs, and ignored signals survive exec), and keys removed from its environment.
/// A thread of its own waits for it, so no zombie is left and no caller blocks.
public enum DetachedProcess {
    /// Environment variables never handed to another program: they hold secrets.
    static let secretVariables: Set<String> = ["FLICKR_API_KEY", "PX500_CONSUMER_KEY"]
    /// glibc's POSIX_SPAWN_SETSID, declared only under _GNU_SOURCE, which the Glibc module does not set.
    static let spawnSetSID: Int32 = 0x80

    /// Starts `command`; an error is one line saying why it could not start.
    public static func start(_ command: BrowserCommand, environment: [String: String]) -> Result<Void, PhotoramaError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // The browser outlives us: it must not keep our database, sockets or terminal open.
        photorama_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(
            &attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK) | spawnSetSID))

        let argv = command.arguments.map { strdup($0) } + [nil]
        let envp = environment.filter { !secretVariables.contains($0.key) }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command.executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            let reason = String(cString: strerror(status))
            return .failure(.invalidInput("Could not start \(command.arguments.first ?? command.executable): \(reason)"))
        }
        let child = pid
        let reaper = Thread {
            var exitStatus: Int32 = 0
            while waitpid(child, &exitStatus, 0) == -1, errno == EINTR {}
        }
        reaper.start()
        return .success(())
    }
}
