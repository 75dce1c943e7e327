import Foundation
import Testing

/// Light and dark in the real browser inside tmux: tmux answers OSC 11 with its window style's background,
/// so a pane with a white background gets the light theme; mode 2031's notification, written into the pane's
/// input as a terminal would send it, switches the theme while the browser runs.
@Suite(.serialized) struct ThemeEndToEndTests {
    /// The header's first line with its colours (`capture-pane -e`).
    static func header(_ tmux: TmuxSession) async throws -> String {
        let screen = try await tmux.tmux(["capture-pane", "-e", "-p", "-t", tmux.name])
        return String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The active tab as tmux shows it: the light theme's bright white on colour 25, or the dark one's black
    /// on cyan.
    static let lightTab = "\u{1B}[1m\u{1B}[97m\u{1B}[48;5;25m1\u{1B}[39m \u{1B}[97mRecent"
    static let darkTab = "\u{1B}[1m\u{1B}[30m\u{1B}[46m1\u{1B}[39m \u{1B}[30mRecent"

    /// Starts the browser once the pane's background is set (the shell waits for a line first).
    static func browser(background: String?) async throws -> TmuxSession {
        // swift test runs with NO_COLOR=1, which tmux passes on; an empty NO_COLOR means colours are fine.
        let tmux = try await TmuxSession.start(
            command: "read -r _; \(ProductBinary.photorama) --demo --seed 7", columns: 80, rows: 24, environment: ["NO_COLOR": ""])
        if let background { try await tmux.tmux(["set-option", "-w", "-t", tmux.name, "window-style", "bg=\(background)"]) }
        try await tmux.send("Enter")
        try await tmux.waitForGrid()
        return tmux
    }

    @Test func aWhiteBackgroundGetsTheLightTheme() async throws {
        let tmux = try await Self.browser(background: "#ffffff")
        let header = try await Self.header(tmux)
        #expect(header.contains(Self.lightTab), "\(header.debugDescription)")
        #expect(!header.contains(Self.darkTab))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func aBlackBackgroundKeepsTheDarkThemeUntilTheTerminalSaysLight() async throws {
        let tmux = try await Self.browser(background: "#000000")
        var header = try await Self.header(tmux)
        #expect(header.contains(Self.darkTab), "\(header.debugDescription)")
        // CSI ? 997 ; 2 n: the terminal's scheme is now light.
        try await tmux.tmux(["send-keys", "-t", tmux.name, "-H", "1b", "5b", "3f", "39", "39", "37", "3b", "32", "6e"])
        let clock = ContinuousClock()
        let end = clock.now + .seconds(30)
        header = try await Self.header(tmux)
        while !header.contains(Self.lightTab), clock.now < end {
            try await Task.sleep(for: .milliseconds(50))
            header = try await Self.header(tmux)
        }
        #expect(header.contains(Self.lightTab), "\(header.debugDescription)")
        // The report was no key: nothing else changed (no help, no tab switch).
        #expect(TmuxSession.showsPhotos(of: "Recent", try await tmux.screen()))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
