import Foundation
import ScreenCapture
import TestProcesses

/// Drives a program in a detached tmux session on a private server socket and reads the screen with
/// `capture-pane -p`, as a person would see it.
final class TmuxSession {
    let socket: String
    let name = "photorama"
    /// The data and cache folders made for the program; removed with the session.
    private(set) var folders: [String] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private init(socket: String) {
        self.socket = socket
    }

    /// Starts `command` (a shell command line) in a session of the given size.
    static func start(command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:]) async throws
        -> TmuxSession
    {
        let session = TmuxSession(socket: "photorama-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try await session.launch(command: command, columns: columns, rows: rows, environment: environment)
        return session
    }

    private func launch(command: String, columns: Int, rows: Int, environment: [String: String]) async throws {
        // The saved-photos database goes to a private temporary folder unless the test names one: never ~.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-e2e-data-\(UUID().uuidString)").path
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-e2e-cache-\(UUID().uuidString)").path
        folders = [data, cache]
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "XDG_DATA_HOME": data, "XDG_CACHE_HOME": cache]
        env.merge(environment) { $1 }
        let exports = env.keys.sorted().map { "\($0)=\(Self.shellQuote(env[$0] ?? ""))" }.joined(separator: " ")
        // The shell stays after the program exits so the test can read the exit status and use the prompt.
        try await tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
            "env -u FLICKR_API_KEY -u PX500_CONSUMER_KEY \(exports) PS1='$ ' bash --norc --noprofile",
        ])
        try await tmux(["set-option", "-t", name, "status", "off"])
        try await sendLine("\(command); echo \"exit=$?\"")
    }

    deinit {
        // deinit cannot await, and a detached task may never run before the test process exits (each run of
        // the suite left its last sessions' folders): stop the server and remove what tmux and the program
        // leave behind here, blocking for the moment kill-server takes.
        let stop = try? ChildProcess(
            "/usr/bin/env", ["tmux", "-L", socket, "kill-server"], environment: ProcessInfo.processInfo.environment)
        _ = stop?.waitBlocking()
        TmuxSocketFolder.removeSocket(socket)
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let line = (["tmux", "-L", socket] + arguments).map(Self.shellQuote).joined(separator: " ")
        let result = try await ShellSpawn.run(line)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    func sendLine(_ text: String) async throws {
        try await tmux(["send-keys", "-t", name, "-l", text])
        try await tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Keys by tmux name ("Down", "PageDown", "Escape", "C-r") or literal text with `literal: true`.
    func send(_ keys: String..., literal: Bool = false) async throws {
        try await tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", name])
    }

    func lines() async throws -> [String] {
        try await screen().components(separatedBy: "\n")
    }

    /// Sends `signal` to the program this session runs, and only to it: the program is a child of the
    /// pane's shell. (Matching command lines would also hit other tests' sessions running in parallel.)
    func signalProgram(_ signal: String) async throws {
        let shell = try await tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try await ShellSpawn.run("pkill -\(signal) -P \(Self.shellQuote(shell))")
        guard result.status == 0 else { throw Failure(description: "no program under the shell \(shell) to signal") }
    }

    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// Polls the screen until `condition` holds, failing with the last screen after the deadline.
    @discardableResult
    func waitFor(
        _ what: String, deadline: Duration = .seconds(60), _ condition: (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "waited \(deadline) for \(what); screen was:\n\(last)")
    }

    @discardableResult
    func waitFor(text: String, deadline: Duration = .seconds(60)) async throws -> String {
        try await waitFor("“\(text)”", deadline: deadline) { $0.contains(text) }
    }

    /// The status line reports loaded photos: "… · page 3 of 10 · 300 of 1,000 photos".
    static func showsPhotos(_ screen: String) -> Bool {
        statusLine(screen).range(of: #"page [0-9]+ of [0-9,]+ · [1-9][0-9,]* of [0-9,]+ photos"#, options: .regularExpression) != nil
    }

    /// The status line reports loaded photos and says `text`: the feed ("Search “cats”", "Photos by "), or
    /// where they came from ("· cached just now").
    static func showsPhotos(of text: String, _ screen: String) -> Bool {
        showsPhotos(screen) && statusLine(screen).contains(text)
    }

    /// The screen's last line with text. ncurses writes a frame top to bottom, so a new status line means
    /// the rows above it are new too; a capture taken while a frame is half written can have a new header
    /// over the old grid and the old status line (CacheEndToEndTests once compared such a screen).
    static func statusLine(_ screen: String) -> String {
        String(screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) } ?? "")
    }

    /// The text of a capture taken with its colours (`screenWithColours`), its SGR sequences left out: a
    /// style changes between a caption's words and the spaces ncurses writes without one.
    static func text(ofColoured screen: String) -> String {
        screen.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    }

    /// Waits until the grid shows loaded photos.
    @discardableResult
    func waitForGrid(deadline: Duration = .seconds(60)) async throws -> String {
        try await waitFor("a grid of photos", deadline: deadline, Self.showsPhotos)
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
