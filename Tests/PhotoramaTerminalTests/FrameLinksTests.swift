import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

/// A frame keeps its cells' links in a table of its own, each cell holding a number into it (issue 39's
/// render regression). Cells of two frames compare by the links the numbers stand for, so an incremental
/// draw leaves what a full redraw does whatever order the links were drawn in.
@Suite struct FrameLinksTests {
    static let first = CellLink.address("https://a.example/1")
    static let second = CellLink.key(.character("?"))
    static let third = CellLink.address("https://c.example/3")

    /// "ab" at 0 and "cd" at 3, with the links given, drawn in that order or the other.
    static func frame(_ left: CellLink?, _ right: CellLink?, rightFirst: Bool = false) -> Frame {
        var frame = Frame(size: CellSize(columns: 6, rows: 1))
        if rightFirst { frame.put("cd", row: 0, column: 3, link: right) }
        frame.put("ab", row: 0, column: 0, link: left)
        if !rightFirst { frame.put("cd", row: 0, column: 3, link: right) }
        return frame
    }

    static func links(_ frame: Frame) -> [CellLink?] { (0..<frame.size.columns).map { frame[0, $0].link } }

    @Test func cellsGiveTheLinksTheyWereDrawnWith() {
        let frame = Self.frame(Self.first, Self.second)
        #expect(Self.links(frame) == [Self.first, Self.first, nil, Self.second, Self.second, nil])
        #expect(frame[0, 0] == Cell(grapheme: "a", width: 1, link: Self.first))
    }

    @Test func theSameLinksDrawnInAnotherOrderCompareEqual() {
        let drawn = Self.frame(Self.first, Self.second)
        let reversed = Self.frame(Self.first, Self.second, rightFirst: true)
        #expect((0..<6).allSatisfy { drawn[0, $0] == reversed[0, $0] })
        #expect(NCursesScreen.sameRow(0, drawn, reversed))
        #expect(DirectColorCells.changedSpan(row: 0, frame: drawn, previous: reversed, columns: 6) == nil)
        #expect(LinkedCells.output(frame: drawn, previous: reversed, visible: drawn.size, full: false, colors: 256) == [])
    }

    @Test func otherLinksAtTheSameNumbersCompareUnequal() {
        let drawn = Self.frame(Self.first, Self.second)
        let other = Self.frame(Self.third, Self.second)
        #expect(drawn[0, 0] != other[0, 0])
        #expect(drawn[0, 3] == other[0, 3])
        #expect(!NCursesScreen.sameRow(0, drawn, other))
        #expect(DirectColorCells.changedSpan(row: 0, frame: other, previous: drawn, columns: 6) == 0..<3)
    }

    @Test func aLinkOrNoneGivenLaterReplacesTheCellsLink() {
        var frame = Self.frame(Self.first, nil)
        frame.setLink(Self.third, row: 0, columns: 1..<4)
        #expect(Self.links(frame) == [Self.first, Self.third, Self.third, Self.third, nil, nil])
        frame.setLink(nil, row: 0, columns: 0..<2)
        frame.put("x", row: 0, column: 3)
        #expect(Self.links(frame) == [nil, nil, Self.third, nil, nil, nil])
        #expect(frame.lines == ["ab xd "])
    }
}
