import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes written for 24-bit cells after ncurses' refresh.
@Suite struct DirectColorCellsTests {
    static let red = Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
    static let mixed = Style(foreground: .indexed(196), background: .rgb(1, 2, 3), bold: true)

    /// 5×2: "▀▀" at row 0 columns 1–2 in 24-bit colour, text after them; one mixed cell at row 1, column 0.
    static func frame(text: String = "x", secondColour: Style = red) -> Frame {
        var frame = Frame(size: CellSize(columns: 5, rows: 2))
        frame.put("▀", row: 0, column: 1, style: red)
        frame.put("▀", row: 0, column: 2, style: secondColour)
        frame.put(text, row: 0, column: 4)
        frame.put("▀", row: 1, column: 0, style: mixed)
        frame.put("ab", row: 1, column: 3)
        return frame
    }

    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    let size = CellSize(columns: 5, rows: 2)

    init() {
        // The characters written are measured with wcwidth, which knows non-ASCII only in a UTF-8 locale.
        setlocale(LC_ALL, "C.UTF-8")
    }

    @Test func aFullRepaintWritesEveryCellOnceBetweenSaveAndRestore() {
        let bytes = DirectColorCells.output(frame: Self.frame(), previous: nil, visible: size, full: true)
        #expect(
            Self.text(bytes)
                == "⎋7⎋[1;2H⎋[0;38;2;255;0;0;48;2;0;0;255m▀▀⎋[2;1H⎋[0;1;38;5;196;48;2;1;2;3m▀⎋8")
    }

    @Test func unchangedCellsAreNotRewritten() {
        let frame = Self.frame()
        #expect(DirectColorCells.output(frame: frame, previous: frame, visible: size, full: false).isEmpty)
        // Text changed far from the image cells: ncurses wrote only there.
        var changed = frame
        changed.put("b", row: 1, column: 4)
        #expect(DirectColorCells.output(frame: changed, previous: frame, visible: size, full: false).isEmpty)
    }

    @Test func aRecolouredCellAndItsNeighboursOnTheSameRowAreWritten() {
        let blue = Style(foreground: .rgb(0, 0, 255), background: .rgb(0, 0, 0))
        let bytes = DirectColorCells.output(
            frame: Self.frame(secondColour: blue), previous: Self.frame(), visible: size, full: false)
        #expect(
            Self.text(bytes)
                == "⎋7⎋[1;2H⎋[0;38;2;255;0;0;48;2;0;0;255m▀⎋[0;38;2;0;0;255;48;2;0;0;0m▀⎋8")
    }

    @Test func imageCellsBetweenChangedTextOnTheSameRowAreRewritten() {
        // ncurses may rewrite short runs of unchanged cells instead of moving the cursor over them.
        var changed = Self.frame(text: "y")
        changed.put("z", row: 0, column: 0)
        let bytes = DirectColorCells.output(frame: changed, previous: Self.frame(), visible: size, full: false)
        #expect(Self.text(bytes) == "⎋7⎋[1;2H⎋[0;38;2;255;0;0;48;2;0;0;255m▀▀⎋8")
        // A change two cells away from the image leaves it alone.
        #expect(DirectColorCells.output(frame: Self.frame(text: "y"), previous: Self.frame(), visible: size, full: false).isEmpty)
    }

    @Test func cellsOutsideTheVisibleScreenAreNotWritten() {
        let bytes = DirectColorCells.output(
            frame: Self.frame(), previous: nil, visible: CellSize(columns: 2, rows: 1), full: true)
        #expect(Self.text(bytes) == "⎋7⎋[1;2H⎋[0;38;2;255;0;0;48;2;0;0;255m▀⎋8")
    }

    @Test func namedColoursUseTheirShortCodes() {
        #expect(DirectColorCells.sgr(Style(foreground: .rgb(1, 1, 1), background: .brightBlue)) == "0;38;2;1;1;1;104")
        #expect(DirectColorCells.sgr(Style(foreground: .red, background: .rgb(9, 9, 9), underline: true)) == "0;4;31;48;2;9;9;9")
    }
}
