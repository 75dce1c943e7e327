import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The cells where a sixel or iTerm2 picture was, written again as text (`TextCells`): each as a full
/// redraw leaves it. A held PgDn under load once ended with the selected card's blanks around a shorter
/// picture in the selection's foreground, where a redraw (ncurses, `NCursesScreen.inkStyle`) leaves the
/// default one (HeldPageDownLinkEndToEndTests, iTerm2).
@Suite struct TextCellsTests {
    static let selected = Style(foreground: .brightWhite, background: .blue)
    static let size = CellSize(columns: 12, rows: 3)

    init() {
        // The characters written are measured with wcwidth, which knows non-ASCII only in a UTF-8 locale.
        setlocale(LC_ALL, "C.UTF-8")
    }

    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    @Test func blanksGetTheDefaultForegroundAsNcursesWritesThemAndCharactersTheirOwn() {
        var frame = Frame(size: Self.size)
        frame.fill(Rect(row: 1, column: 0, width: 12, height: 1), style: Self.selected)
        frame.put("a b", row: 1, column: 3, style: Self.selected)
        let bytes = TextCells.output(frame: frame, rects: [Rect(row: 1, column: 2, width: 6, height: 1)], visible: Self.size)
        #expect(Self.text(bytes) == "⎋7⎋[2;3H⎋[0;44m ⎋[0;97;44ma⎋[0;44m ⎋[0;97;44mb⎋[0;44m  ⎋8")
    }

    @Test func blanksInReverseOrUnderlinedKeepTheirForegroundAsNcursesWritesThem() {
        var frame = Frame(size: Self.size)
        frame.put(" ", row: 0, column: 0, style: Style(foreground: .red, background: .blue, reverse: true))
        frame.put(" ", row: 0, column: 1, style: Style(foreground: .red, underline: true))
        let bytes = TextCells.output(frame: frame, rects: [Rect(row: 0, column: 0, width: 2, height: 1)], visible: Self.size)
        #expect(Self.text(bytes) == "⎋7⎋[1;1H⎋[0;7;31;44m ⎋[0;4;31m ⎋8")
    }

    /// A 24-bit cell is written by `DirectColorCells` in a full redraw, its blanks' foreground included.
    @Test func blanksIn24BitColoursKeepTheirForegroundAsDirectColorCellsWritesThem() {
        var frame = Frame(size: Self.size)
        let direct = Style(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6))
        frame.put(" ", row: 2, column: 4, style: direct)
        let bytes = TextCells.output(frame: frame, rects: [Rect(row: 2, column: 4, width: 1, height: 1)], visible: Self.size)
        let redraw = DirectColorCells.output(frame: frame, previous: nil, visible: Self.size, full: true)
        #expect(Self.text(bytes) == "⎋7⎋[3;5H⎋[0;38;2;1;2;3;48;2;4;5;6m ⎋8")
        #expect(Self.text(redraw).contains("⎋[3;5H⎋[0;38;2;1;2;3;48;2;4;5;6m ⎋8"))
    }

    /// The interleaving the held PgDn met: the selected card's picture gives way to a shorter one, and the
    /// rows of the old picture the new one leaves are written as text: in the selection's background, with
    /// the default foreground, as a full redraw writes them.
    @Test func anITermPictureGivingWayToAShorterOneInTheSelectionLeavesBlanksAsARedrawDoes() {
        // Room for the tall picture above the bottom row, which a picture never touches.
        let size = CellSize(columns: 12, rows: 4)
        func card(_ id: UInt32, _ rect: Rect) -> Frame {
            var frame = Frame(size: size)
            frame.fill(Rect(row: 0, column: 1, width: 10, height: 3), style: Self.selected)
            frame.fill(rect, style: .plain)
            let image = RGBImage(width: 4, height: 4, pixels: Array(repeating: UInt8(truncatingIfNeeded: id * 60), count: 48))
            frame.pictures = [FramePicture(rect: rect, picture: PixelPicture(id: id, columns: rect.width, rows: rect.height, image: image))]
            return frame
        }
        var pictures = ProtocolPictures(.iterm2)
        let tall = card(1, Rect(row: 0, column: 2, width: 8, height: 3))
        _ = pictures.update(frame: tall, previous: nil, visible: size, full: true)
        #expect(pictures.shown == [1: tall.pictures[0].rect])
        let short = card(2, Rect(row: 1, column: 2, width: 8, height: 1))
        let update = pictures.update(frame: short, previous: tall, visible: size, full: false)
        let blanks = "⎋[0;44m" + String(repeating: " ", count: 8)
        #expect(Self.text(update.first) == "⎋7⎋[1;3H\(blanks)⎋[2;3H⎋[0m        ⎋[3;3H\(blanks)⎋8")
        let painted = update.pieces.map { piece in
            if case .painted(let id, let rect, _) = piece { "\(id) \(rect)" } else { "kitty" }
        }
        #expect(painted == ["2 \(Rect(row: 1, column: 2, width: 8, height: 1))"])
    }
}

/// The same cells on other terminals: colour numbers as ncurses picks them for the terminal's colour count,
/// and links kept where the terminal takes them, as `LinkedCells` writes them after a full redraw.
@Suite struct TextCellsOnOtherTerminalsTests {
    static let size = CellSize(columns: 12, rows: 2)

    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    static func frame() -> Frame {
        var frame = Frame(size: Self.size)
        frame.put("ab", row: 0, column: 0, style: Style(foreground: .indexed(1), background: .indexed(196)))
        frame.put("cd", row: 0, column: 2, style: Style(foreground: .indexed(9)))
        return frame
    }

    static func output(_ frame: Frame, _ writing: CellWriting) -> String {
        let rects = [Rect(row: 0, column: 0, width: 4, height: 1)]
        return TextCellsTests.text(TextCells.output(frame: frame, rects: rects, visible: size, writing: writing))
    }

    @Test func coloursAreTheNumbersNcursesWritesForTheTerminalsColourCount() {
        // 256 colours: the first sixteen as SGR 31 and 91, as xterm's terminfo writes them; past them, 5;n.
        #expect(Self.output(Self.frame(), .palette256) == "⎋7⎋[1;1H⎋[0;31;48;5;196mab⎋[0;91mcd⎋8")
        // 8 colours: the nearest of the eight; 16: bright red stays bright.
        #expect(Self.output(Self.frame(), CellWriting(colors: 8, hyperlinks: false)) == "⎋7⎋[1;1H⎋[0;31;41mab⎋[0;31mcd⎋8")
        #expect(Self.output(Self.frame(), CellWriting(colors: 16, hyperlinks: false)) == "⎋7⎋[1;1H⎋[0;31;101mab⎋[0;91mcd⎋8")
        // No colour at all.
        #expect(Self.output(Self.frame(), CellWriting(colors: 0, hyperlinks: false)) == "⎋7⎋[1;1H⎋[0mabcd⎋8")
    }

    @Test func linkedCellsAreWrittenInsideTheirLinkWhereTheTerminalTakesThem() {
        var frame = Frame(size: Self.size)
        frame.put("x", row: 0, column: 0)
        frame.put("go", row: 0, column: 1, link: .address("https://example.org/a"))
        frame.put("y", row: 0, column: 3)
        let linked = "⎋7⎋[1;1H⎋[0mx⎋]8;;https://example.org/a⎋\\go⎋]8;;⎋\\y⎋8"
        #expect(Self.output(frame, CellWriting(colors: 256, hyperlinks: true)) == linked)
        #expect(Self.output(frame, .palette256) == "⎋7⎋[1;1H⎋[0mxgoy⎋8")
    }

    /// A link running to the rectangle's end is closed there, before the cursor moves on.
    @Test func aLinkAtTheRectanglesEndIsClosed() {
        var frame = Frame(size: Self.size)
        frame.put("link", row: 0, column: 0, link: .address("https://example.org/b"))
        #expect(
            Self.output(frame, CellWriting(colors: 256, hyperlinks: true)) == "⎋7⎋[1;1H⎋]8;;https://example.org/b⎋\\⎋[0mlink⎋]8;;⎋\\⎋8")
    }
}
