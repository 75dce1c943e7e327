import Foundation
import ScreenCapture
import TestProcesses
import Testing

/// Ctrl-C on a benchmark stops the tmux server it started, and with it the browser under test. Before, an
/// interrupted soak left both running (tmux servers are daemons of their own).
@Suite struct BenchInterruptTests {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Polls `probe` every 50 ms until it gives a value, failing after the deadline.
    static func waitFor<T>(_ what: String, deadline: Duration, _ probe: () async throws -> T?) async throws -> T {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            if let value = try await probe() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "waited \(deadline) for \(what)")
    }

    static func tmux(_ socket: String, _ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run("/usr/bin/env", ["tmux", "-L", socket] + arguments, deadline: .seconds(10))
    }

    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    @Test func anInterruptedSoakStopsItsTmuxServerAndTheBrowser() async throws {
        let stderr = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-bench-int-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: stderr) }
        let bench = try ChildProcess(
            ProductBinary.path("photorama-bench"), ["soak", "--minutes", "1"],
            environment: ProcessInfo.processInfo.environment, streams: .init(stderr: stderr))
        defer {
            bench.killAndReap()
            // The soak keeps its work folder for whoever reads its report; this one has nothing to read.
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "photorama-soak-\(bench.pid)")
        }

        // The soak's server is up and its pane runs the browser (a process under the pane's shell).
        let prefix = "photorama-soak-p\(bench.pid)-"
        let (socket, shell, browser) = try await Self.waitFor("the soak's browser in tmux", deadline: .seconds(60)) {
            () async throws -> (String, pid_t, pid_t)? in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: TmuxSocketFolder.path)) ?? []
            guard let socket = names.first(where: { $0.hasPrefix(prefix) }) else { return nil }
            let pane = try await Self.tmux(socket, ["list-panes", "-F", "#{pane_pid}"])
            guard pane.status == 0, let shell = pid_t(pane.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
            let children = CapturedOutput.text(atPath: "/proc/\(shell)/task/\(shell)/children")
            guard let browser = children.split(separator: " ").compactMap({ pid_t($0) }).first else { return nil }
            return (socket, shell, browser)
        }

        bench.signal(SIGINT)
        let status = await bench.exitStatus(within: .seconds(30))
        #expect(status == 128 + SIGINT)
        #expect(CapturedOutput.text(atPath: stderr) == "photorama-bench: interrupted (signal 2); stopped 1 tmux server\n")
        #expect(try await Self.tmux(socket, ["has-session"]).status != 0)
        _ = try await Self.waitFor("the pane's shell and the browser to end", deadline: .seconds(20)) {
            Self.isRunning(shell) || Self.isRunning(browser) ? nil : true
        }
    }
}
