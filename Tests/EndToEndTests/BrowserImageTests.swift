import Foundation
import Testing

extension TmuxSession {
    /// The screen with its colours: `capture-pane -e -p` keeps the SGR sequences.
    func coloredScreen() async throws -> String {
        try await tmux(["capture-pane", "-e", "-p", "-t", name])
    }
}

/// Photos in the real browser, in tmux over the demo server, read back with `capture-pane`.
@Suite(.serialized) struct BrowserImageTests {
    let command = "\(ProductBinary.photorama) --demo --seed 7"
    // swift test runs with NO_COLOR=1, which tmux passes on; an empty NO_COLOR means colours are fine.
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    /// The titles of the first `count` photos of the demo's Recent feed.
    func recentTitles(_ count: Int) async throws -> [String] {
        let result = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "json", "--limit", String(count)])
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return (array ?? []).compactMap { $0["title"] as? String }
    }

    /// How many half blocks a line holds from `column` on (columns counted in characters).
    static func blocks(_ line: Substring, from column: Int) -> Int {
        line.dropFirst(column).filter { $0 == "▀" }.count
    }

    @Test func theDetailPaneShowsTheSelectedPhotoInTwentyFourBitHalfBlocks() async throws {
        let tmux = try await TmuxSession.start(command: command + " --thumbnails off", columns: 120, rows: 40, environment: truecolor)
        try await tmux.waitForGrid()
        // The preview is the top half of the pane (columns 76–119, rows 2–19): the first photo (1200×1600)
        // fitted in 44×36 pixels is 27×36, so 27 blocks a row across all 18 rows.
        let screen = try await tmux.waitFor("the picture in the pane") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 20 && (2...19).allSatisfy { Self.blocks(lines[$0], from: 0) == 27 }
        }
        #expect(!screen.contains("loading…"))
        // ncurses writes the blocks with a placeholder colour pair and the 24-bit colours follow right after:
        // under load a capture can fall between the two, so wait for the colours.
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var colored = try await tmux.coloredScreen()
        while !(colored.contains("\u{1B}[38;2;") && colored.contains("48;2;")), clock.now < end {
            try await Task.sleep(for: .milliseconds(50))
            colored = try await tmux.coloredScreen()
        }
        #expect(colored.contains("\u{1B}[38;2;"))
        #expect(colored.contains("48;2;"))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func theViewerOpensMovesToTheNextPhotoAndReturnsToTheGridThere() async throws {
        let titles = try await recentTitles(2)
        #expect(titles.count == 2)
        let tmux = try await TmuxSession.start(command: command + " --thumbnails off", columns: 100, rows: 30, environment: truecolor)
        try await tmux.waitForGrid()
        try await tmux.send("v")
        var screen = try await tmux.waitFor("the viewer on photo 1") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 30 && lines[29].hasSuffix("1 of 1,000") && Self.blocks(lines[14], from: 0) >= 38
        }
        #expect(screen.contains(Self.caption(titles[0])))
        try await tmux.send("l")
        screen = try await tmux.waitFor("the viewer on photo 2") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 30 && lines[29].hasSuffix("2 of 1,000") && Self.blocks(lines[14], from: 0) >= 38
        }
        try await tmux.send("Escape")
        screen = try await tmux.waitForGrid()
        // Back in the grid, the second photo is selected: the detail shows its title.
        #expect(screen.contains(String(titles[1].prefix(20))))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    /// The start of a caption line: the title as the viewer shows it (sanitized titles are plain here).
    static func caption(_ title: String) -> String { String(title.prefix(20)) }

    @Test func thumbnailCardsAreTheDefaultInTwentyFourBitAndTSwitchesThemOff() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 80, rows: 24, environment: truecolor)
        try await tmux.waitForGrid()
        // 3×2 cards of 26 columns, each with its picture (up to 23×8 cells, narrower for portraits) on the
        // card's first eight rows: a row through the pictures crosses three runs of blocks.
        try await tmux.waitFor("thumbnails in all six cards") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 22 else { return false }
            return [lines[5], lines[15]].allSatisfy { line in
                let runs = line.split(separator: " ").filter { $0.allSatisfy { $0 == "▀" } }
                return runs.count == 3 && runs.allSatisfy { $0.count >= 8 }
            }
        }
        try await tmux.send("t")
        try await tmux.waitFor("text cards") { !$0.contains("▀") && TmuxSession.showsPhotos($0) }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func imagesNoneShowsNoImageCells() async throws {
        let tmux = try await TmuxSession.start(command: command + " --images none", columns: 120, rows: 40, environment: truecolor)
        let screen = try await tmux.waitForGrid()
        try await tmux.send("v")
        let viewer = try await tmux.waitFor(text: "1 of 1,000")
        #expect(!screen.contains("▀"))
        #expect(!viewer.contains("▀"))
        #expect(viewer.contains("images are off"))
        try await tmux.send("q", "q")
        try await tmux.waitFor(text: "exit=0")
    }
}
