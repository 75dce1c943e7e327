import Foundation
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

/// OSC 8 hyperlinks on the ncurses screen (issue 43): runs of cells with an address are written again
/// after ncurses' refresh inside `OSC 8 ; ; address ST` … `OSC 8 ; ; ST`, and an incremental update leaves
/// the same cells and links as a full redraw.
@Suite struct LinkedCellsTests {
    static let open = "\u{1B}]8;;https://x.example/a\u{1B}\\"
    static let close = "\u{1B}]8;;\u{1B}\\"

    static func frame(_ parts: [(String, Int, CellLink?)], columns: Int = 10) -> Frame {
        var frame = Frame(size: CellSize(columns: columns, rows: 1))
        for (text, column, link) in parts { frame.put(text, row: 0, column: column, link: link) }
        return frame
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aLinkedRunIsWrittenInsideOneLink() {
        let frame = Self.frame([("ab", 0, nil), ("link", 3, .address("https://x.example/a"))])
        let bytes = LinkedCells.output(frame: frame, previous: nil, visible: frame.size, full: true, colors: 256)
        #expect(Self.text(bytes) == "\u{1B}7\u{1B}[1;4H" + Self.open + "\u{1B}[0mlink" + Self.close + "\u{1B}[0m\u{1B}8")
    }

    @Test func keysAndAddressesThatAreNoTargetsWriteNothing() {
        let frame = Self.frame([
            ("key", 0, .key(.character("?"))), ("esc", 4, .address("https://x.example/\u{1B}]8;;evil")), ("ftp", 8, .address("ftp://x")),
        ])
        #expect(LinkedCells.output(frame: frame, previous: nil, visible: frame.size, full: true, colors: 256) == [])
    }

    @Test func onlyChangedRunsAreWrittenAndACellWhoseLinkWentIsWrittenPlain() {
        let linked = Self.frame([("ab", 0, nil), ("link", 3, .address("https://x.example/a"))])
        #expect(LinkedCells.output(frame: linked, previous: linked, visible: linked.size, full: false, colors: 256) == [])
        let plain = Self.frame([("ab", 0, nil), ("link", 3, nil)])
        let bytes = LinkedCells.output(frame: plain, previous: linked, visible: plain.size, full: false, colors: 256)
        #expect(Self.text(bytes) == "\u{1B}7\u{1B}[1;4H\u{1B}[0mlink\u{1B}[0m\u{1B}8")
    }

    @Test func coloursAreWrittenAsNcursesWritesThem() {
        #expect(LinkedCells.sgr(Style(foreground: .cyan, bold: true), colors: 256) == "0;1;36")
        #expect(LinkedCells.sgr(Style(foreground: .brightBlue, background: .indexed(236)), colors: 256) == "0;94;48;5;236")
        #expect(LinkedCells.sgr(Style(foreground: .brightBlue), colors: 8) == "0;34")
        #expect(LinkedCells.sgr(Style(foreground: .cyan, underline: true), colors: 0) == "0;4")
    }
}

/// Through ncurses, in the serialized suite of the other ncurses tests: ncurses has one current screen per
/// process.
extension NCursesScreenOutputTests {
    /// Frames of words, some linked to one of two addresses, drawn one after another through ncurses: after
    /// every draw the terminal holds each frame's text and links, and a full redraw leaves the same.
    @Test func incrementalDrawingLeavesTheFramesLinksAsAFullRedrawDoes() throws {
        let columns = 30
        let rows = 5
        let terminal = try NCursesScreenOutputTests.Terminal(columns: Int32(columns), rows: Int32(rows), hyperlinks: true)
        var screen = LinkScreen(columns: columns, rows: rows)
        var random = Steps(state: 43)
        let words = ["alpha", "beta", "gamma", "delta", "x"]
        let links: [CellLink?] = [nil, nil, .address("https://a.example/1"), .address("https://b.example/2"), .key(.enter)]
        var frame = Frame(size: CellSize(columns: columns, rows: rows))
        for step in 0..<60 {
            frame = Frame(size: CellSize(columns: columns, rows: rows))
            for _ in 0..<8 {
                frame.put(
                    words[Int.random(in: 0..<words.count, using: &random)], row: Int.random(in: 0..<rows, using: &random),
                    column: Int.random(in: 0..<(columns - 3), using: &random), link: links[Int.random(in: 0..<links.count, using: &random)])
            }
            terminal.screen.draw(frame)
            screen.feed(terminal.newBytes())
            #expect(screen.lines == frame.lines, "step \(step)")
            #expect(screen.links == Self.addresses(frame), "step \(step)")
        }
        let incremental = screen.links
        terminal.screen.invalidate()
        terminal.screen.draw(frame)
        screen.feed(terminal.newBytes())
        #expect(screen.links == incremental)
        #expect(screen.lines == frame.lines)
    }

    /// The address of each cell, as a terminal that takes OSC 8 holds it.
    static func addresses(_ frame: Frame) -> [[String?]] {
        (0..<frame.size.rows).map { row in (0..<frame.size.columns).map { frame[row, $0].link?.address } }
    }

    @Test func withoutHyperlinksNoLinkIsWritten() throws {
        let terminal = try NCursesScreenOutputTests.Terminal(columns: 10, rows: 1)
        terminal.screen.draw(LinkedCellsTests.frame([("link", 3, .address("https://x.example/a"))]))
        let bytes = terminal.newBytes()
        #expect(NCursesScreenOutputTests.contains(bytes, "link"))
        #expect(!NCursesScreenOutputTests.contains(bytes, "\u{1B}]8;"))
    }
}

/// Repeatable random numbers for the frames (Knuth's MMIX linear congruential generator).
struct Steps: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
