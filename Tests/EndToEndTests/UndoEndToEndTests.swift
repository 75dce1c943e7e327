import Foundation
import Testing

/// `u` in the real browser: a photo saved then removed from Saved comes back, the status line says so and
/// the store holds it; the next `u` takes back the save itself.
@Suite(.serialized) struct UndoEndToEndTests {
    @Test func undoingARemovalSavesThePhotoAgain() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-undo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 80, rows: 24, environment: ["XDG_DATA_HOME": home])
        try await tmux.waitForGrid()
        try await tmux.send("s")
        try await tmux.waitFor(text: "Saved “")
        try await tmux.send("s")
        try await tmux.waitFor(text: "Removed “")
        try await tmux.send("u")
        let screen = try await tmux.waitFor(text: "Undone: removed ‘")
        #expect(TmuxSession.statusLine(screen).hasPrefix("Undone: removed ‘"))
        #expect(TmuxSession.statusLine(screen).hasSuffix("’ from Saved"))
        try await tmux.send("5")
        try await tmux.waitFor("the Saved tab with the photo") { TmuxSession.statusLine($0).hasPrefix("Saved · 1 photo") }
        // The store holds it again (read by another process while the browser runs).
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home]) { $1 }
        let listed = try await CommandRun.run(ProductBinary.photorama, ["saved", "--format", "ids"], environment: environment)
        #expect(listed.stdout == id + "\n")
        // Newest first: the next u takes back the first save, then nothing is left.
        try await tmux.send("u")
        try await tmux.waitFor(text: "Undone: saved ‘")
        try await tmux.waitFor(text: "No saved photos yet")
        try await tmux.send("u")
        try await tmux.waitFor(text: "Nothing to undo")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
