import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a program that outlives nothing of ours on screen: straight to the program (never a shell),
/// stdin, stdout and stderr on /dev/null, none of our other descriptors, a session of its own (Ctrl-C or a
/// hang-up of our terminal do not reach it), and keys removed from its environment.
/// A thread of its own waits for it, so no zombie is left and no caller blocks.
public enum DetachedProcess {
    /// Environment variables never handed to another program: they hold secrets.
    static let secretVariables: Set<String> = ["FLICKR_API_KEY", "FLICKR_API_SECRET", "PX500_CONSUMER_KEY"]

    /// Starts `command`; an error is one line saying why it could not start.
    public static func start(_ command: WebPageOpener, environment: [String: String]) -> Result<Void, PhotoramaError> {
        let started = Spawn.start(
            .path(command.executable), argv: command.arguments,
            environment: environment.filter { !secretVariables.contains($0.key) },
            stdin: .null, stdout: .null, stderr: .null,
            // The browser outlives us: it must not keep our database, sockets or terminal open.
            closeFromThree: true, newSession: true,
            // Default signals: we ignore SIGTERM, SIGINT and SIGHUP while the browser runs, and ignoring survives exec.
            signals: .defaultsRestored)
        switch started {
        case .failure(let failure):
            return .failure(.invalidInput("Could not start \(command.arguments.first ?? command.executable): \(failure.reason)"))
        case .success(let child):
            let reaper = Thread {
                var exitStatus: Int32 = 0
                while waitpid(child, &exitStatus, 0) == -1, errno == EINTR {}
            }
            reaper.start()
            return .success(())
        }
    }
}
