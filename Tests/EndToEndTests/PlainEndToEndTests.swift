import Foundation
import Testing

/// `--plain` in the real browser inside tmux: the visible cursor stands on the selected card's title, the
/// screen has no box drawing, block or braille characters, and each key's change is words on the status line.
@Suite(.serialized) struct PlainEndToEndTests {
    /// tmux's cursor: column, row, and whether it is shown.
    static func cursor(_ tmux: TmuxSession) async throws -> String {
        try await tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{cursor_x} #{cursor_y} #{cursor_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func symbols(_ screen: String) -> [Character] {
        screen.filter { character in
            character.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) }
        }.map { $0 }
    }

    /// Polls the cursor until it is `expected`, failing with the last one after the deadline.
    static func waitForCursor(_ tmux: TmuxSession, _ expected: String) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(30)
        var last = try await cursor(tmux)
        while last != expected, clock.now < end {
            try await Task.sleep(for: .milliseconds(50))
            last = try await cursor(tmux)
        }
        return last
    }

    @Test func theCursorIsOnTheSelectedTitleAndEveryChangeIsWords() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-plain-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --plain", columns: 80, rows: 24,
            environment: ["XDG_DATA_HOME": home, "NO_COLOR": ""])
        var screen = try await tmux.waitFor("the first photo in words") {
            TmuxSession.statusLine($0).hasPrefix("Recent tab, photo 1 of ")
        }
        #expect(Self.symbols(screen) == [])
        // The first card's title is on row 2 (under the header and the search bar), one column in.
        #expect(try await Self.waitForCursor(tmux, "1 2 1") == "1 2 1")
        let lines = screen.components(separatedBy: "\n")
        let title = String(lines[2].dropFirst(1).prefix(while: { $0 != "…" }))
        #expect(title.count == 22)
        #expect(TmuxSession.statusLine(screen).contains(": \(title)"))

        try await tmux.send("Right")
        screen = try await tmux.waitFor("the second photo in words") {
            TmuxSession.statusLine($0).hasPrefix("Recent tab, photo 2 of ")
        }
        // The second card starts at column 26 (cards 26 columns wide at 80).
        #expect(try await Self.waitForCursor(tmux, "27 2 1") == "27 2 1")
        #expect(Self.symbols(screen) == [])

        try await tmux.send("s")
        screen = try await tmux.waitFor("the save in words") { TmuxSession.statusLine($0).hasPrefix("Saved “") }
        #expect(TmuxSession.statusLine(screen).contains(". Recent tab, photo 2 of "))

        try await tmux.send("?")
        screen = try await tmux.waitFor("the help in words") { TmuxSession.statusLine($0).hasPrefix("Help open; Esc closes") }
        #expect(Self.symbols(screen) == [])
        #expect(try await Self.waitForCursor(tmux, "0 23 1") == "0 23 1")
        try await tmux.send("Escape")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
