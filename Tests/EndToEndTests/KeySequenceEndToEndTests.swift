import Foundation
import Testing

/// Keys whose sequence the terminal entry does not list, in the real binary inside tmux.
@Suite(.serialized) struct KeySequenceEndToEndTests {
    /// Inside tmux with TERM=xterm-256color, End arrives as `ESC [ 4 ~`, which that entry does not list
    /// (its End is `ESC O F`): read as its parts, "4" would open the Locations tab.
    @Test func endSentAsCSITildeSelectsTheLastLoadedPhoto() async throws {
        let result = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "json", "--limit", "100"])
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let titles = try #require(array?.compactMap { $0["title"] as? String })
        let first = try #require(titles.first)
        let last = try #require(titles.last)
        #expect(titles.count == 100)
        try #require(first != last)

        let tmux = try await TmuxSession.start(command: "\(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40)
        var screen = try await tmux.waitForGrid()
        #expect(screen.contains("│ \(first)"), "\(screen)")
        try await tmux.tmux(["send-keys", "-t", tmux.name, "-H", "1b", "5b", "34", "7e"])
        screen = try await tmux.waitFor("the 100th photo in the pane") { $0.contains("│ \(last)") }
        #expect(!TmuxSession.statusLine(screen).contains("country"), "\(screen)")
        #expect(TmuxSession.showsPhotos(screen), "\(screen)")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
