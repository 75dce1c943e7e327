import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a `key_command` (posix_spawnp, never a shell) and takes the first line of what it prints as the
/// key. Its stdin and stderr are /dev/null, so a failure is our one line, never the program's chatter;
/// a failure message names the program and why, never anything it printed.
public enum KeyCommand {
    /// More than this on stdout is not a key.
    static let outputLimit = 65_536

    /// `name` is the setting (`flickr.key_command`) for messages.
    public static func run(_ arguments: [String], name: String, environment: [String: String]) throws(ConfigError) -> String {
        guard let program = arguments.first, !program.isEmpty else { throw ConfigError("\(name) is empty") }
        let failure = { (reason: String) in ConfigError("\(name) failed: \(program) \(reason)") }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("could not start: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Other programs started meanwhile must not inherit the pipe (the child gets it by dup2).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        photorama_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, envp)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw failure("could not start: \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            if output.count < outputLimit { output += buffer[..<count] }
        }
        close(readEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 { throw failure("was killed by signal \(signal)") }
        let exitStatus = (status >> 8) & 0xff
        if exitStatus != 0 { throw failure("exited with status \(exitStatus)") }
        let firstLine = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let key = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw failure("printed no key") }
        return key
    }
}
