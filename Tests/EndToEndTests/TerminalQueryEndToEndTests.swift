import DemoServer
import Foundation
import Testing

/// Asking the terminal, in tmux (which answers XTVERSION and DA1 itself): what `photorama terminal` says,
/// that nothing of the queries shows, and that keys typed before the answers reach the browser and the shell.
@Suite(.serialized) struct TerminalQueryEndToEndTests {
    /// A file whose existence lets the pane's shell go on: the keys a test types before it are typed
    /// before the program starts, so they wait in the terminal's input ahead of its answers.
    final class Gate {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-gate-\(UUID().uuidString)").path
        /// A shell line that says it is waiting, then waits (polling in the pane, not in the test) until the
        /// gate opens. Keys typed before the shell runs it would be read by the shell's line editor instead.
        var wait: String { "echo gate-$((1+1)); while [ ! -e \(TmuxSession.shellQuote(path)) ]; do sleep 0.01; done" }

        /// Waits until the pane's shell runs the waiting line.
        func waitUntilClosed(in tmux: TmuxSession) async throws {
            try await tmux.waitFor("the gate") { $0.components(separatedBy: "\n").contains("gate-2") }
        }
        func open() { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// "tmux 3.3a", as tmux names itself.
    func tmuxVersion() async throws -> String {
        try await ShellSpawn.run("tmux -V").output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func terminalReportsTmuxAnswersAndNothingOfTheQueriesShows() async throws {
        let version = try await tmuxVersion()
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) terminal", columns: 160, rows: 30, environment: ["COLORTERM": "", "NO_COLOR": ""])
        let screen = try await tmux.waitFor(text: "exit=0")
        let lines = screen.components(separatedBy: "\n")
        // The report begins on the line after the command: no stray character from a query before it.
        let command = try #require(lines.firstIndex { $0.hasSuffix("echo \"exit=$?\"") })
        let report = Array(lines[(command + 1)...].prefix { !$0.hasPrefix("exit=") })
        try #require(report.count == 8, "\(screen)")
        #expect(report[0] == "terminal  \(version) (XTVERSION; TERM=xterm-256color)")
        // A detached session has no client, so tmux cannot say what is outside it.
        #expect(report[1] == "protocol  blocks (inside tmux, which does not say what terminal is outside it)")
        #expect(report[2] == "colors    256 (from TERM=xterm-256color)")
        #expect(
            report[3].wholeMatch(of: #/cell      [0-9]+x[0-9]+ pixels \((TIOCGWINSZ|CSI 16t|CSI 14t|assumed)\)/#) != nil, "\(report[3])")
        #expect(report[4] == "tmux      yes (TMUX is set)")
        #expect(report[5] == "iterm2    no")
        let unanswered = report[6].wholeMatch(of: #/answers   XTVERSION [0-9.]+ ms, DA1 [0-9.]+ ms; none to (.+)/#).map { String($0.1) }
        let silent = "kitty, DECRQSS, XTGETTCAP, DECRQM, OSC 11, XTSMGRAPHICS"
        #expect(unanswered == silent || unanswered == silent + ", CSI 14t, CSI 16t", "\(report[6])")
        #expect(report[7].wholeMatch(of: #/wait      [0-9.]+ ms, ended by DA1's answer/#) != nil, "\(report[7])")
    }

    @Test func jsonToAFileAsksThroughStandardError() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-terminal-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let tmux = try await TmuxSession.start(command: "\(ProductBinary.photorama) terminal --format json > \(output)")
        try await tmux.waitFor(text: "exit=0")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        #expect(object["name"] as? String == "tmux")
        #expect(object["tmux"] as? Bool == true)
        #expect(object["protocol"] as? String == "blocks")
        #expect(object["ended_by_da1"] as? Bool == true)
        #expect((object["answers"] as? [[String: Any]])?.map { $0["query"] as? String } == ["XTVERSION", "DA1"])
    }

    /// Typed while the program starts: `/`, `sun`, Up (ESC [ A: a search bar with no history keeps its
    /// text, but an Escape decoded on its own would close the bar), `set`, Enter. The browser must search
    /// for "sunset" without another key pressed.
    @Test func keysTypedBeforeTheAnswersReachTheBrowser() async throws {
        let gate = Gate()
        let tmux = try await TmuxSession.start(
            command: "\(gate.wait); \(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40)
        try await gate.waitUntilClosed(in: tmux)
        try await tmux.send("/sun", literal: true)
        try await tmux.send("Up")
        try await tmux.send("set", literal: true)
        try await tmux.send("Enter")
        // The line discipline echoes what it holds: every key is in the terminal's input before the program starts.
        try await tmux.waitFor(text: "/sun^[[Aset")
        gate.open()
        let screen = try await tmux.waitFor("results of the typed search") { TmuxSession.showsPhotos(of: "Search “sunset”", $0) }
        #expect(!screen.contains("^[["))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    /// `show` prints and exits: keys typed meanwhile go back to the terminal's input, and the shell runs
    /// them. Needs TIOCSTI, which Linux may forbid (dev.tty.legacy_tiocsti = 0).
    @Test(.enabled(if: Self.tiocstiAllowed)) func keysTypedBeforeShowReachTheShell() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-typeahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("photo.jpg").path
        #expect(FileManager.default.createFile(atPath: photo, contents: Data(SampleImage.jpeg(width: 320, height: 240))))
        let gate = Gate()
        let tmux = try await TmuxSession.start(
            command: "\(gate.wait); \(ProductBinary.photorama) show \(photo) --size 20x5", columns: 100, rows: 30)
        try await gate.waitUntilClosed(in: tmux)
        try await tmux.send("echo typed-$((40+2))", literal: true)
        try await tmux.send("Enter")
        try await tmux.waitFor(text: "echo typed-$((40+2))")
        gate.open()
        // Only the shell running the typed line prints "typed-42".
        let screen = try await tmux.waitFor(text: "typed-42\n")
        #expect(screen.components(separatedBy: "\n").contains("typed-42"))
    }

    static var tiocstiAllowed: Bool {
        (try? String(contentsOfFile: "/proc/sys/dev/tty/legacy_tiocsti", encoding: .utf8))?.hasPrefix("1") ?? true
    }
}
