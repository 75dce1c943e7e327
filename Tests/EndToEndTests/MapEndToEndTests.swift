import Foundation
import TestProcesses
import Testing

/// The world map in the real binary, in tmux at 80×24, over the demo server: `m` opens it with the
/// feed's pins, `n` goes to the next photo with a place, `+` zooms in, the arrows move the cross-hair,
/// Enter searches near it and the grid shows what it found. At every step the screen drawn incrementally
/// equals, colours included, the screen Ctrl-L repaints after tmux wiped the pane.
@Suite(.serialized) struct MapEndToEndTests {
    @Test func theMapShowsPinsMovesTheCrossHairAndSearchesNearIt() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 11 --probe-report \(report)", columns: 80, rows: 24)
        try await tmux.waitForGrid(deadline: .seconds(60))
        var probes = 0

        /// The settled screen, then the same screen repainted from nothing.
        func checkpoint(_ context: String) async throws -> [String] {
            try await tmux.probe(report: report, count: &probes, idle: true)
            let incremental = try await tmux.waitForStableScreen()
            try await tmux.wipeBehindTheProgram()
            try await tmux.send(keys: ["C-l"])
            try await tmux.waitForScreen(equalTo: incremental, context)
            return try await tmux.lines()
        }

        try await tmux.send(keys: ["m", "n"])
        var lines = try await checkpoint("the map open")
        // Rows 2–21 are the map, row 22 its caption: land in braille, pins, the selected one under the
        // cross-hair.
        let map = lines[2...21].joined()
        #expect(map.contains("●"), "\(lines.joined(separator: "\n"))")
        #expect(map.contains { ("\u{2801}"..."\u{28FF}").contains($0) })
        #expect(lines[22].hasPrefix("╋ "))
        #expect(lines[22].contains(" · zoom 0 · "))
        #expect(lines[22].contains("Enter: photos within 32 km"))
        let before = lines[22]

        // Ten steps in: 80 dots of 2.25/1,024° high, 19.5 km, so Enter searches within 9.8 km. Two cells
        // right and one down of the photo: about 2 km away.
        try await tmux.send(keys: Array(repeating: "+", count: 10))
        try await tmux.send(keys: ["Right", "Right", "Down"])
        lines = try await checkpoint("zoomed in, cross-hair moved")
        #expect(lines[22].contains(" · zoom 10 · "))
        #expect(lines[22].contains("Enter: photos within 9.8 km"))
        // The cross-hair is at the middle of the view's cell (10, 40) after zooming, then at (11, 42): "╋" (seed
        // 11 has no pin there; a pin would show on the cross-hair's colour).
        let cell = Array(lines[2 + 11])[42]
        #expect(cell == "╋", "\(lines.joined(separator: "\n"))")
        #expect(lines[22].prefix(20) != before.prefix(20))

        try await tmux.send(keys: ["Enter"])
        let found = try await tmux.waitFor("the photos near the cross-hair") { TmuxSession.showsPhotos(of: "Near ", $0) }
        #expect(TmuxSession.statusLine(found).contains("(9.8 km)"))
        lines = try await checkpoint("the search's results")
        #expect(lines[1].contains(" 9.8km"))

        try await tmux.send(keys: ["q"])
        try await tmux.waitFor(text: "exit=0", deadline: .seconds(30))
    }

    /// The Locations tab's cities, looked up with places.find on the demo server, are labelled points on the
    /// map; the screen drawn incrementally equals the repaint.
    @Test func theLocationsCitiesAreLabelledOnTheMap() async throws {
        let tmux = try await TmuxSession.start(command: "\(ProductBinary.photorama) --demo --seed 11", columns: 80, rows: 24)
        try await tmux.waitForGrid(deadline: .seconds(60))
        try await tmux.send(keys: ["4"])
        // The list follows the country field as it is typed (Enter would open the selected place).
        try await tmux.send(keys: ["Japan"], literal: true)
        try await tmux.waitFor(text: "Minami-Azabu")
        try await tmux.send(keys: ["Escape", "m"])
        func map(_ screen: String) -> String {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 21 ? lines[2...21].joined(separator: "\n") : ""
        }
        let labelled = try await tmux.waitFor("a labelled city on the map") { screen in
            map(screen).contains("▲") && ["Tokyo", "東京", "大阪"].contains { map(screen).contains($0) }
        }
        let incremental = try await tmux.waitForStableScreen()
        try await tmux.wipeBehindTheProgram()
        try await tmux.send(keys: ["C-l"])
        try await tmux.waitForScreen(equalTo: incremental, "the map with the libraries' cities")
        // Tokyo, 東京 and 大阪 are neighbours at zoom 0 (the first two one point): no label covers a point or
        // another label, so whole names show, one each side.
        #expect(map(labelled).contains("大阪 ▲▲ 東京"), "\(labelled)")
        try await tmux.send(keys: ["Escape", "q"])
        try await tmux.waitFor(text: "exit=0", deadline: .seconds(30))
    }
}
