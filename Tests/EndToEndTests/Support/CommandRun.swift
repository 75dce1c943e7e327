import Foundation

/// What a finished program left behind.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion with a deadline.
///
/// The waiting happens on a thread of its own, never on Swift's cooperative pool: on a 2-core machine that
/// pool has two threads, and a couple of tests blocking them in `waitUntilExit` would starve everything else
/// (including Foundation's own child-exit monitoring). Output goes to temporary files rather than pipes, so
/// a grandchild that outlives the program (the tmux server) cannot hold a pipe open forever.
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
        // Tests never use real keys, whatever the developer's shell has.
        env["FLICKR_API_KEY"] = environment?["FLICKR_API_KEY"]
        env["PX500_CONSUMER_KEY"] = environment?["PX500_CONSUMER_KEY"]
        let finalEnvironment = env
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result {
                        try runBlocking(executable, arguments, environment: finalEnvironment, deadline: deadline)
                    })
            }
            thread.start()
        }
    }

    private static func runBlocking(
        _ executable: String, _ arguments: [String], environment: [String: String], deadline: Duration
    ) throws -> CommandResult {
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("photorama-run-\(UUID().uuidString).out")
        let errURL = directory.appendingPathComponent("photorama-run-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while process.isRunning {
            if clock.now > end {
                process.terminate()
                throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
            }
            usleep(2_000)
        }
        try out.close()
        try err.close()
        return CommandResult(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
