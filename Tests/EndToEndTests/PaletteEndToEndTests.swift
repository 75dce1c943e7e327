import Foundation
import Testing

/// The command palette in the real browser: `:` lists the actions, "sav" narrows to save, Enter saves the
/// selected photo; Tab completes an argument command's name and history puts the last used first.
@Suite(.serialized) struct PaletteEndToEndTests {
    @Test func typingSavAndEnterSavesTheSelectedPhoto() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-palette-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 80, rows: 24, environment: ["XDG_DATA_HOME": home])
        try await tmux.waitForGrid()
        try await tmux.send(":")
        var screen = try await tmux.waitFor(text: " Command:")
        #expect(screen.contains(" tab recent"))
        try await tmux.send("sav", literal: true)
        screen = try await tmux.waitFor("the palette narrowed to save") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 4 && lines[2] == " Command: sav" && lines[3].hasPrefix(" save       s")
        }
        #expect(screen.split(separator: "\n")[4].hasPrefix(" tab saved  5"))
        try await tmux.send("Enter")
        screen = try await tmux.waitFor(text: "Saved “")
        #expect(!screen.contains("Command:"))
        // The Saved tab holds it.
        try await tmux.send("5")
        try await tmux.waitFor("the Saved tab with one photo") { TmuxSession.statusLine($0).hasPrefix("Saved · 1 photo") }
        // The palette opens on the last command used; Tab completes an argument command and Enter runs it.
        try await tmux.send(":")
        screen = try await tmux.waitFor(text: " Command:")
        #expect(screen.split(separator: "\n")[3].hasPrefix(" save "))
        try await tmux.send("sea", literal: true)
        try await tmux.send("Tab")
        // capture-pane drops the trailing spaces: the one after the name, and the cursor.
        try await tmux.waitFor("the completed name") { $0.split(separator: "\n")[2] == " Command: search" }
        try await tmux.send("sunset", literal: true)
        try await tmux.send("Enter")
        try await tmux.waitFor("search results") { TmuxSession.showsPhotos(of: "Search “sunset”", $0) }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
