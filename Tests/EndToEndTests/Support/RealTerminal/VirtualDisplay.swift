import Foundation
import PhotoramaSpawn
import TestProcesses

/// A private X display (Xvfb) for one real terminal emulator, removed with everything it holds when the
/// value is let go of, also when a test fails half-way.
///
/// The display number is Xvfb's own choice (`-displayfd`): it takes the first free one and writes it when it
/// is ready for clients, so tests running side by side (and other programs' displays) never race for one.
final class VirtualDisplay {
    /// ":N", for DISPLAY.
    let name: String
    /// The screen's size in pixels.
    let width: Int
    let height: Int
    private let server: ChildProcess
    /// Where Xvfb writes its display number and messages; removed with the display.
    private let folder: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private init(name: String, width: Int, height: Int, server: ChildProcess, folder: String) {
        self.name = name
        self.width = width
        self.height = height
        self.server = server
        self.folder = folder
    }

    /// Starts Xvfb with a 24-bit screen of `width`×`height` pixels (and `options`, such as `-br`) and waits
    /// until it accepts clients. Two Xvfbs starting at once can race for the same display's socket, and the
    /// loser exits or hangs ("SocketCreateListener() failed", seen with both): an Xvfb that ends, or gives no
    /// number by the deadline, is stopped and started again, up to three times.
    static func start(width: Int, height: Int, options: [String] = [], deadline: Duration = .seconds(20)) async throws
        -> VirtualDisplay
    {
        var logs: [String] = []
        for _ in 1...3 {
            switch try await attempt(width: width, height: height, options: options, deadline: deadline) {
            case .started(let display): return display
            case .exited(let log): logs.append("ended: " + log)
            case .silent(let log): logs.append("no display number within \(deadline): " + log)
            }
        }
        throw Failure(description: "Xvfb gave no display number in three starts: \(logs.joined(separator: " | "))")
    }

    private enum Attempt {
        case started(VirtualDisplay)
        /// Xvfb ended before giving a number; its log.
        case exited(String)
        /// Xvfb still ran at the deadline without giving a number; its log.
        case silent(String)
    }

    private static func attempt(width: Int, height: Int, options: [String], deadline: Duration) async throws -> Attempt {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-xvfb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let numberFile = folder + "/display"
        let server: ChildProcess
        do {
            // -displayfd 1: the number goes to stdout, a file here. -nolisten tcp: nothing beyond the machine.
            // Xvfb tries the numbers in turn: "server already running" in its log is a number it passed.
            server = try ChildProcess(
                try RealTerminalPrograms.path("Xvfb"),
                ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"] + options,
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                streams: .init(stdout: numberFile, stderr: folder + "/xvfb.log"))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var ended = false
        while clock.now < end {
            let text = CapturedOutput.text(atPath: numberFile)
            if text.hasSuffix("\n"), let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return .started(VirtualDisplay(name: ":\(number)", width: width, height: height, server: server, folder: folder))
            }
            if server.exitStatusBlocking(within: .zero) != nil {
                ended = true
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = CapturedOutput.text(atPath: folder + "/xvfb.log")
        server.killAndReap()
        try? FileManager.default.removeItem(atPath: folder)
        return ended ? .exited(log) : .silent(log)
    }

    deinit {
        // Xvfb removes its socket when it ends on SIGTERM; SIGKILL only if it has not within two seconds.
        server.signal(SIGTERM)
        _ = server.exitStatusBlocking(within: .seconds(2))
        server.killAndReap()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// The programs the real-terminal tests run, found on PATH. A missing one fails the suite's tests, or skips
/// them where the test command does not install packages (`TestDependencies`, the one rule).
enum RealTerminalPrograms {
    static let required: [TestDependency] = [.xvfb, .xterm, .kitty, .mlterm, .xdotool, .imagemagick, .tmux, .chafa]

    static func path(_ program: String) throws -> String {
        guard let found = ExecutableSearch.locate(program, path: TestDependency.searchPath) else {
            throw VirtualDisplay.Failure(description: "\(program) is not on PATH")
        }
        return found
    }
}
