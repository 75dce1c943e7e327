import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The help at the sizes people use: every line whole (descriptions wrap under themselves), grouped by
/// what the user is doing, every key and every description readable by scrolling.
@Suite struct HelpLayoutTests {
    /// The help's lines at `columns`×`rows`, read page by page with PgDn as a person would: each line of the
    /// laid-out help once, in order (the overlay's scroll says which line each screen row is).
    func helpLines(columns: Int, rows: Int) -> [String] {
        var (state, effects) = startedState(columns: columns, rows: rows)
        answerLoads(&state, effects, limit: 1)
        _ = press(&state, .character("?"))
        let body = ScreenLayout(state).body
        var byIndex: [Int: String] = [:]
        while true {
            guard case .help(let scroll) = state.overlay else {
                Issue.record("the help closed")
                return []
            }
            let lines = render(state).lines
            for row in (body.row + 1)..<(body.row + body.height) { byIndex[scroll + row - body.row - 1] = lines[row] }
            _ = press(&state, .pageDown)
            if case .help(let next) = state.overlay, next == scroll { break }
        }
        let last = byIndex.keys.max() ?? -1
        return (0...last).map { byIndex[$0] ?? "" }
    }

    /// The description column's text, wrapped lines joined with the spaces the wrapping took out.
    func descriptions(_ lines: [String], keyWidth: Int) -> String {
        lines.map { String($0.dropFirst(keyWidth + 1)).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    @Test(arguments: [(80, 24), (100, 30), (120, 40), (200, 30)])
    func everyLineIsWholeAndEveryDescriptionReadsWhole(columns: Int, rows: Int) {
        let lines = helpLines(columns: columns, rows: rows)
        #expect(lines.count > rows, "the help should need scrolling at \(columns)×\(rows)")
        for line in lines { #expect(!line.contains("…"), "cut at \(columns) columns: \(line)") }
        let text = descriptions(lines, keyWidth: 20)
        for binding in KeyBindings.all {
            #expect(text.contains(binding.action), "not whole at \(columns) columns: \(binding.action)")
            #expect(lines.contains { $0.hasPrefix(" " + binding.keys + " ") }, "keys not shown: \(binding.keys)")
        }
    }

    /// Section titles in the order of what the user does, each once.
    @Test func groupedByWhatTheUserIsDoing() {
        let lines = helpLines(columns: 80, rows: 24).map { $0.trimmingCharacters(in: .whitespaces) }
        let titles = ["Everywhere", "Grid and detail", "Saved, favourites and downloads", "Search", "Viewer", "Map"]
        let found = lines.filter { titles.contains($0) }
        #expect(found == titles)
    }

    /// A description wraps under itself, beside its keys: the search's three lines at 80 columns.
    @Test func descriptionsWrapUnderTheirKey() {
        let lines = HelpLines.lines(for: .standard, width: 80)
        guard let start = lines.firstIndex(where: { $0.keys == "/" }) else {
            Issue.record("no row for /")
            return
        }
        #expect(
            Array(lines[start..<(start + 3)]) == [
                HelpLine(keys: "/", text: "search: text, or “lat, long [radius]” such as “48.85, 2.35"),
                HelpLine(keys: "", text: "10km”; “license:1,2 cats” limits licences; “commons:” or"),
                HelpLine(keys: "", text: "“openverse:” first asks them"),
            ])
    }
}
