import Foundation
import TestProcesses

/// Every byte a program writes to its terminal: script(1) gives the program a terminal of its own inside
/// tmux and keeps what it writes in a file, so a test reads both the screen (tmux) and the stream (the
/// file). tmux drops the picture protocols it does not speak, so the screen stays readable.
final class TerminalOutputLog {
    let folder: String
    var path: String { folder + "/output" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-stream-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The shell command that runs `command` under script(1), keeping its output here. Without TMUX, the
    /// program takes script's terminal for what its own environment says it is.
    func running(_ command: String) -> String {
        "script -q -f -e -c \(TmuxSession.shellQuote("env -u TMUX " + command)) \(TmuxSession.shellQuote(path))"
    }

    func bytes() -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// Polls the stream until `condition` holds, failing after the deadline.
    @discardableResult
    func waitFor(_ what: String, deadline: Duration = .seconds(60), _ condition: ([UInt8]) -> Bool) async throws -> [UInt8] {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            let bytes = bytes()
            if condition(bytes) { return bytes }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxSession.Failure(description: "waited \(deadline) for \(what) in the terminal's stream (\(bytes().count) bytes)")
    }

    /// The program has left the full screen (rmcup): everything it wrote is in the file.
    static func leftTheScreen(_ bytes: [UInt8]) -> Bool {
        Data(bytes).range(of: Data("\u{1B}[?1049l".utf8)) != nil
    }
}
