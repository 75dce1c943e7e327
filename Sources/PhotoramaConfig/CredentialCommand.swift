import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a `key_command` (posix_spawnp, never a shell) and takes the first line of what it prints as the
/// key. Its stdin and stderr are /dev/null, so a failure is our one line, never the program's chatter;
/// a failure message names the program and why, never anything it printed.
public enum CredentialCommand {
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
        let ran: ProgramOutput
        switch Spawn.output(.searched(program), argv: arguments, environment: environment, timeout: timeout, limit: outputLimit) {
        case .success(let output): ran = output
        case .failure(let spawnFailure): throw failure("could not start: \(spawnFailure.reason)")
        }
        switch ran.ending {
        case .timedOut: throw failure("printed no key within \(timeout.components.seconds) s")
        case .killedBySignal(let signal): throw failure("was killed by signal \(signal)")
        case .exited(let status) where status != 0: throw failure("exited with status \(status)")
        case .exited: break
        }
        let key = ran.firstLine
        guard !key.isEmpty else { throw failure("printed no key") }
        return key
    }
}
