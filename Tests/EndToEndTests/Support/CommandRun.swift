import Foundation
import TestProcesses

/// What a finished program left behind.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion with a deadline.
///
/// Output goes to temporary files rather than pipes, so a grandchild that outlives the program (the tmux
/// server) cannot hold a pipe open forever; the exit is read with waitpid (see `ChildProcess`).
enum CommandRun {
    struct TimedOut: Error, CustomStringConvertible {
        var command: String
        var description: String { "timed out: \(command)" }
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        deadline: Duration = .seconds(60)
    ) async throws -> CommandResult {
        var env = environment ?? ProcessInfo.processInfo.environment
        // A sanitizer run's options (log file, suppressions) reach the programs the tests start.
        for (name, value) in ProcessInfo.processInfo.environment where name.hasSuffix("SAN_OPTIONS") && env[name] == nil {
            env[name] = value
        }
        // Tests never use real keys, whatever the developer's shell has.
        env["FLICKR_API_KEY"] = environment?["FLICKR_API_KEY"]
        env["PX500_CONSUMER_KEY"] = environment?["PX500_CONSUMER_KEY"]
        env["FLICKR_API_SECRET"] = environment?["FLICKR_API_SECRET"]
        // The response cache goes to a private temporary folder unless the test names one: never ~.
        var cacheHome: String?
        if environment?["XDG_CACHE_HOME"] == nil {
            cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-run-cache-\(UUID().uuidString)").path
            env["XDG_CACHE_HOME"] = cacheHome
        }
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("photorama-run-\(UUID().uuidString).out")
        let errURL = directory.appendingPathComponent("photorama-run-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
            if let cacheHome { try? FileManager.default.removeItem(atPath: cacheHome) }
        }
        let child = try ChildProcess(
            executable, arguments, environment: env, streams: .init(stdout: outURL.path, stderr: errURL.path))
        guard let status = await child.exitStatus(within: deadline) else {
            child.killAndReap()
            throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
        }
        return CommandResult(
            status: status,
            stdout: CapturedOutput.text(atPath: outURL.path),
            stderr: CapturedOutput.text(atPath: errURL.path))
    }
}
