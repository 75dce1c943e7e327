import Foundation
import TestProcesses

/// Runs one shell command line (tmux, mostly) and waits for it with a deadline.
///
/// `new-session` forks the tmux server, which lives until the test kills it: it must not inherit any
/// descriptor of this process, and it does not (`ChildProcess` closes them in the child).
enum ShellSpawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Returns the exit status and what the command printed (stdout and stderr together).
    static func run(_ commandLine: String, deadline: Duration = .seconds(10)) async throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("photorama-sh-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let child = try ChildProcess(
            "/bin/sh", ["-c", "(\(commandLine)) 2>&1"], environment: ProcessInfo.processInfo.environment,
            streams: .init(stdout: outputPath))
        guard let status = await child.exitStatus(within: deadline) else {
            child.killAndReap()
            throw Failure(description: "timed out: \(commandLine)")
        }
        return (status, CapturedOutput.text(atPath: outputPath))
    }
}
