import Foundation
import PhotoramaLocking
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

    /// The soak's tmux socket, its pane's shell and the browser under it, once all three are there.
    static func soakBrowser(socketPrefix: String) -> (String, pid_t, pid_t)? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TmuxSocketFolder.path)) ?? []
        guard let socket = names.first(where: { $0.hasPrefix(socketPrefix) }) else { return nil }
        let output = NSTemporaryDirectory() + "photorama-bench-int-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard
            let panes = try? ChildProcess(
                "/usr/bin/env", ["tmux", "-L", socket, "list-panes", "-F", "#{pane_pid}"],
                environment: ProcessInfo.processInfo.environment, streams: .init(stdout: output)),
            panes.waitBlocking() == 0,
            let shell = pid_t(CapturedOutput.text(atPath: output).trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        let children = CapturedOutput.text(atPath: "/proc/\(shell)/task/\(shell)/children")
        guard let browser = children.split(separator: " ").compactMap({ pid_t($0) }).first else { return nil }
        return (socket, shell, browser)
    }

    @Test func anInterruptedSoakStopsItsTmuxServerAndTheBrowser() async throws {
        let stderr = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-bench-int-\(UUID().uuidString).err").path
        let stdout = stderr + ".out"
        defer {
            try? FileManager.default.removeItem(atPath: stderr)
            try? FileManager.default.removeItem(atPath: stdout)
        }
        // Ten minutes, so that the soak is still running when interrupted: a one-minute soak on a loaded
        // machine had ended by itself (status 1, its verdict) before the browser was found and SIGINT sent.
        let bench = try ChildProcess(
            ProductBinary.path("photorama-bench"), ["soak", "--minutes", "10"],
            environment: ProcessInfo.processInfo.environment, streams: .init(stdout: stdout, stderr: stderr))
        defer {
            bench.killAndReap()
            // The soak keeps its work folder for whoever reads its report; this one has nothing to read.
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "photorama-soak-\(bench.pid)")
        }

        // The soak's server is up and its pane runs the browser (a process under the pane's shell). Looked for
        // on a thread of its own: on the cooperative pool the polls waited behind the whole suite's tests
        // (34 s in one clean-clone run, past 60 s in the next; 1.4 s alone).
        let prefix = "photorama-soak-p\(bench.pid)-"
        let found = await OwnThread.run { () -> (String, pid_t, pid_t)? in
            let end = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < end {
                if let found = Self.soakBrowser(socketPrefix: prefix) { return found }
                usleep(50_000)
            }
            return nil
        }
        guard let (socket, shell, browser) = found else { throw Failure(description: "waited 60 s for the soak's browser in tmux") }

        bench.signal(SIGINT)
        let status = await bench.exitStatus(within: .seconds(30))
        // The soak's own lines say why it ended, if it ended by itself.
        #expect(status == 128 + SIGINT, "the soak said: \(CapturedOutput.text(atPath: stdout))")
        #expect(CapturedOutput.text(atPath: stderr) == "photorama-bench: interrupted (signal 2); stopped 1 tmux server\n")
        #expect(try await Self.tmux(socket, ["has-session"]).status != 0)
        _ = try await Self.waitFor("the pane's shell and the browser to end", deadline: .seconds(20)) {
            Self.isRunning(shell) || Self.isRunning(browser) ? nil : true
        }
    }
}
