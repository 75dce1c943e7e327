import Foundation
import Testing

/// Clicks in the real browser, in tmux at 110×24 over the demo server, as xterm's SGR mouse reports that
/// ncurses decodes (issue 43): a click on the second tab opens it, a click on a card selects it, a double
/// click opens the viewer, a click on a status-line hint presses its key; `:page 2` jumps to the grid's
/// second screen.
@Suite(.serialized) struct ClickEndToEndTests {
    /// "of 1,000 photos" in the status line: the feed's total, as the viewer's caption counts it.
    static func total(_ screen: String) throws -> String {
        let line = TmuxSession.statusLine(screen)
        let match = try #require(line.range(of: #"of [0-9,]+ photos"#, options: .regularExpression), "\(line)")
        return String(line[match].dropFirst(3).dropLast(7))
    }

    /// The column where `text` starts on the status line.
    static func column(of text: String, _ screen: String) throws -> Int {
        let line = TmuxSession.statusLine(screen)
        let range = try #require(line.range(of: text), "\(text) in \(line)")
        return line[..<range.lowerBound].count
    }

    @Test func aClickOnTheSecondTabAndOnACardAndADoubleClickOpensTheViewer() async throws {
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --thumbnails off", columns: 110, rows: 24)
        try await tmux.waitForGrid()
        // "1 Recent  2 Popular": the second tab's label is at columns 10–18.
        try await tmux.sendMouse([.press(row: 0, column: 12), .release(row: 0, column: 12)])
        let popular = try await tmux.waitFor("the Popular tab") { TmuxSession.showsPhotos(of: "Popular", $0) }
        let total = try Self.total(popular)
        // 4 cards a row, 27 columns and 4 rows each from row 2: the first card of the second row is the fifth.
        try await tmux.sendMouse([.press(row: 7, column: 5), .release(row: 7, column: 5)])
        try await tmux.send("v")
        try await tmux.waitFor("the viewer on the fifth photo") { TmuxSession.statusLine($0).hasSuffix(" · 5 of \(total)") }
        try await tmux.send("Escape")
        try await tmux.waitFor("the grid again") { TmuxSession.showsPhotos(of: "Popular", $0) }
        // A double click on the third card (first row, columns 54–80) opens it.
        try await tmux.sendMouseTogether([
            .press(row: 3, column: 60), .release(row: 3, column: 60), .press(row: 3, column: 60), .release(row: 3, column: 60),
        ])
        try await tmux.waitFor("the viewer on the third photo") { TmuxSession.statusLine($0).hasSuffix(" · 3 of \(total)") }
        try await tmux.send("Escape")
        let grid = try await tmux.waitFor("the grid again") { TmuxSession.showsPhotos(of: "Popular", $0) }
        // The status line's "? help" hint opens the help; its "Esc close" closes it.
        let help = try Self.column(of: "? help", grid)
        try await tmux.sendMouse([.press(row: 23, column: help + 2), .release(row: 23, column: help + 2)])
        let open = try await tmux.waitFor("the help") { TmuxSession.statusLine($0).hasSuffix("↑↓ scroll  Esc close") }
        let close = try Self.column(of: "Esc close", open)
        try await tmux.sendMouse([.press(row: 23, column: close), .release(row: 23, column: close)])
        try await tmux.waitFor("the grid after the help") { TmuxSession.showsPhotos(of: "Popular", $0) }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func pageTwoInThePaletteSelectsTheSecondScreensFirstCard() async throws {
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --thumbnails off", columns: 110, rows: 24)
        let grid = try await tmux.waitForGrid()
        let total = try Self.total(grid)
        try await tmux.send(":")
        try await tmux.waitFor(text: " Command:")
        try await tmux.send("page 2", literal: true)
        try await tmux.waitFor("the page command") { $0.split(separator: "\n")[2] == " Command: page 2" }
        try await tmux.send("Enter")
        // 4 cards a row, 5 rows a screen: page 2 starts with the 21st photo.
        try await tmux.waitFor("the palette closed") { !$0.contains("Command:") }
        try await tmux.send("v")
        try await tmux.waitFor("the viewer on the 21st photo") { TmuxSession.statusLine($0).hasSuffix(" · 21 of \(total)") }
        try await tmux.send("Escape", "q")
        try await tmux.waitFor(text: "exit=0")
    }
}
