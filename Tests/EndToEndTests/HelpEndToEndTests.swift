import Foundation
import Testing

@testable import PhotoramaTUI

/// The help in the real browser at 80×24, the most common terminal size: read page by page with PgDn,
/// no line is cut with "…" and every action's description can be read whole.
@Suite(.serialized) struct HelpEndToEndTests {
    /// The help's content rows (under its title, above the status line) of an 80×24 screen.
    static func content(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.dropFirst(3).prefix(20))
    }

    /// `page` after `lines`, the rows both show (PgDn keeps the last row in view) taken once.
    static func appending(_ page: [String], to lines: [String]) -> [String] {
        let overlap = (0...min(lines.count, page.count)).last { Array(lines.suffix($0)) == Array(page.prefix($0)) } ?? 0
        return lines + page.dropFirst(overlap)
    }

    @Test func everyLineIsWholeAtEightyByTwentyFour() async throws {
        let tmux = try await TmuxSession.start(command: "\(ProductBinary.photorama) --demo --seed 7", columns: 80, rows: 24)
        try await tmux.waitForGrid()
        try await tmux.send("?")
        var page = Self.content(try await tmux.waitFor(text: "Keys · Esc closes"))
        var lines = page
        var pages = 1
        let end = try #require(HelpLines.lines(for: .standard, width: 80).last?.text)
        while !page.contains(where: { $0.hasSuffix(end) }), pages < 20 {
            try await tmux.send("PageDown")
            let previous = page
            // Two equal captures after the change: a frame is never read half written.
            var last: [String] = []
            let screen = try await tmux.waitFor("the help's next page") { screen in
                let now = Self.content(screen)
                defer { last = now }
                return now != previous && now == last
            }
            page = Self.content(screen)
            lines = Self.appending(page, to: lines)
            pages += 1
        }
        #expect(pages > 1)
        for line in lines { #expect(!line.contains("…"), "cut: \(line)") }
        // The description column starts at column 21; wrapped lines join with the spaces the wrapping took.
        let text = lines.map { String($0.dropFirst(21)).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        for binding in KeyBindings.all { #expect(text.contains(binding.action), "not whole: \(binding.action)") }
        try await tmux.send("Escape")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
