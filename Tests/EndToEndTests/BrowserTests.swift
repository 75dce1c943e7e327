import Foundation
import Testing

/// The real `photorama` binary in tmux, read back with `capture-pane -p`: what a person would see.
/// Each test starts its own session (and the binary its own demo server on 127.0.0.1).
@Suite(.serialized) struct BrowserTests {
    let command = "\(ProductBinary.photorama) --demo --seed 7"

    /// The title of the first photo of the demo's Recent feed, as the scriptable side reports it.
    func firstRecentTitle() async throws -> String {
        let result = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "json", "--limit", "1"])
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return try #require(array?.first?["title"] as? String)
    }

    @Test func firstGridAppearsAndTheDetailPaneShowsTheSelection() async throws {
        let title = try await firstRecentTitle()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-first-grid-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try await TmuxSession.start(command: "\(command) --log \(log)", columns: 120, rows: 40)
        let screen = try await tmux.waitForGrid()
        #expect(screen.contains("1 Recent  2 Popular  3 Search  4 Locations  5 Saved"))
        #expect(screen.contains("demo data"))
        // The pane (right of the grid at 120 columns) shows the selected photo's whole title.
        #expect(screen.contains("│ \(title)"), "title \(title) not in the pane:\n\(screen)")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        // Pages at 120×40 hold 300 photos, but the first screen waited only for a page of 100, and
        // nothing else was asked for before a key moved the selection.
        let pages = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("getRecent") }
        #expect(pages.count == 1, "\(pages)")
        #expect(pages.first?.contains("per_page=100") == true, "\(pages)")
        #expect(pages.first?.contains("&page=1") == true, "\(pages)")
    }

    @Test func pageDownPagesToTheEndWithoutDuplicates() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 120, rows: 40)
        try await tmux.waitForGrid()
        // The demo's Recent feed, like Flickr's, holds exactly 1,000 photos. PgDn stops on the "loading…"
        // card while a page is on its way (prefetch stays two screens ahead, and tmux types faster than a
        // person): wait for the page rather than spend presses on it (at most 200 presses).
        var screen = try await tmux.screen()
        var presses = 0
        while !screen.contains("End of results"), presses < 200 {
            try await tmux.send("PageDown")
            presses += 1
            screen = try await tmux.screen()
            if screen.contains("loading…") {
                screen = try await tmux.waitFor("the next page") { !$0.contains("loading…") || $0.contains("End of results") }
            }
        }
        screen = try await tmux.waitFor(text: "End of results")
        // Every photo once: a duplicate card would push the count past the service's total.
        #expect(screen.contains("1,000 of 1,000 photos"))
        #expect(!screen.contains("Error"))
        #expect(!screen.contains(try await firstRecentTitle()))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func textAndCoordinateSearchesShowResultsAndBadLatitudeShowsItsMessage() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 120, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.send("/")
        try await tmux.send("sunset", literal: true)
        try await tmux.send("Enter")
        var screen = try await tmux.waitFor("search results") { TmuxSession.showsPhotos(of: "Search “sunset”", $0) }
        #expect(screen.contains("Flickr"))

        try await tmux.send("/")
        try await tmux.send("C-u")
        try await tmux.send("48.8566, 2.3522", literal: true)
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("geo results") { TmuxSession.showsPhotos(of: "Near 48.8566, 2.3522", $0) }

        try await tmux.send("/")
        try await tmux.send("C-u")
        try await tmux.send("91.5, 2", literal: true)
        try await tmux.send("Enter")
        screen = try await tmux.waitFor(text: "Latitude must be between -90 and 90 (got 91.5)")
        try await tmux.send("Escape")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func helpListsTheKeysAndQuitLeavesAUsablePrompt() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 120, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.send("?")
        let help = try await tmux.waitFor(text: "jump to a random photo")
        #expect(help.contains("refresh: new photos on top"))
        try await tmux.send("Escape")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        try await tmux.sendLine("echo prompt-$((40+2))")
        try await tmux.waitFor(text: "prompt-42")
    }

    @Test func survivesResizingToTwentyByFiveAndBack() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 120, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.resize(columns: 20, rows: 5)
        let small = try await tmux.waitFor("a 20×5 layout") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count <= 6 && !screen.contains("5 Saved")
        }
        #expect(!small.isEmpty)
        try await tmux.resize(columns: 1, rows: 1)
        try await Task.sleep(for: .milliseconds(200))
        try await tmux.resize(columns: 120, rows: 40)
        try await tmux.waitFor(text: "1 Recent  2 Popular  3 Search  4 Locations  5 Saved")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 100, rows: 30)
        try await tmux.waitForGrid()
        try await tmux.signalProgram("TERM")
        let screen = try await tmux.waitFor(text: "exit=0")
        #expect(!screen.contains("1 Recent  2 Popular"))
    }
}
