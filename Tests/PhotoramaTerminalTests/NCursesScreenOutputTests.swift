import CNCurses
import Foundation
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A real ncurses screen (newterm, xterm-256color unless a test says) writing to a temporary file: the tests read back exactly
/// what reached the "terminal", and what ncurses holds for each cell.
@Suite(.serialized) struct NCursesScreenOutputTests {
    // MARK: - Helpers
    /// The screen and the file it writes to; `newBytes` returns what was written since the last call.
    final class Terminal {
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>
        let screen: NCursesScreen
        var offset: off_t = 0

        init(
            columns: Int32, rows: Int32, pictures: PictureProtocol? = nil, temporaryFolder: String? = nil,
            terminalType: String = "xterm-256color", hyperlinks: Bool = false, input: UnsafeMutablePointer<FILE>? = nil
        ) throws {
            setlocale(LC_ALL, "C.UTF-8")
            output = try #require(tmpfile())
            if let input {
                self.input = input
            } else {
                self.input = try #require(fopen("/dev/null", "r"))
            }
            screen = try #require(
                NCursesScreen(
                    terminalType: terminalType, output: output, input: self.input, useColor: true, pictures: pictures,
                    hyperlinks: hyperlinks, temporaryFolder: temporaryFolder))
            resizeterm(rows, columns)
            _ = newBytes()
        }

        deinit {
            screen.restore()
            fclose(output)
            fclose(input)
        }

        func newBytes() -> [UInt8] {
            fflush(output)
            let descriptor = fileno(output)
            let end = lseek(descriptor, 0, SEEK_END)
            guard end > offset else { return [] }
            var bytes = [UInt8](repeating: 0, count: Int(end - offset))
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            offset = end
            return Array(bytes.prefix(max(0, count)))
        }

        /// What ncurses holds at a cell: its characters and its (extended) colour pair.
        func cell(row: Int32, column: Int32) -> (characters: [wchar_t], pair: Int32) {
            var cchar = cchar_t()
            mvwin_wch(photorama_stdscr(), row, column, &cchar)
            var characters = [wchar_t](repeating: 0, count: 8)
            var attributes: attr_t = 0
            var shortPair: Int16 = 0
            var pair: Int32 = 0
            getcchar(&cchar, &characters, &attributes, &shortPair, &pair)
            return (Array(characters.prefix { $0 != 0 }), pair)
        }

        /// ncurses' picture of the screen: the characters of every cell.
        func grid(columns: Int32, rows: Int32) -> [[[wchar_t]]] {
            (0..<rows).map { row in (0..<columns).map { cell(row: row, column: $0).characters } }
        }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    // MARK: - Image cells
    @Test func imageCellsAreWrittenAfterNcursesAndNotAgainWhileUnchanged() throws {
        let terminal = try Terminal(columns: 5, rows: 2)
        let frame = DirectColorCellsTests.frame()
        terminal.screen.draw(frame)
        let first = terminal.newBytes()
        let image = DirectColorCells.output(frame: frame, previous: nil, visible: CellSize(columns: 5, rows: 2), full: true)
        #expect(first.count > image.count)
        #expect(Array(first.suffix(image.count)) == image)

        terminal.screen.draw(frame)
        #expect(terminal.newBytes().isEmpty)

        // New text far from the image: ncurses writes it, and no 24-bit colour is sent.
        var text = frame
        text.put("c", row: 1, column: 4)
        terminal.screen.draw(text)
        let update = terminal.newBytes()
        #expect(Self.contains(update, "c"))
        #expect(!Self.contains(update, "38;2"))
        #expect(!Self.contains(update, "\u{1B}7"))
    }

    @Test func ncursesHoldsAPlaceholderOfItsOwnPairUnderImageCells() throws {
        let terminal = try Terminal(columns: 5, rows: 2)
        terminal.screen.draw(DirectColorCellsTests.frame())
        let image = terminal.cell(row: 0, column: 1)
        let text = terminal.cell(row: 0, column: 4)
        #expect(image.characters == [0x2580])
        #expect(image.pair != 0)
        #expect(text.characters == [0x78])
        #expect(text.pair == 0)
        // The same placeholder pair for every 24-bit cell, whatever its colours.
        #expect(terminal.cell(row: 1, column: 0).pair == image.pair)
    }

    @Test func redrawClearsTheTerminalAndWritesEveryImageCellAgain() throws {
        let terminal = try Terminal(columns: 5, rows: 2)
        let frame = DirectColorCellsTests.frame()
        terminal.screen.draw(frame)
        _ = terminal.newBytes()
        terminal.screen.invalidate()
        terminal.screen.draw(frame)
        let bytes = terminal.newBytes()
        let image = DirectColorCells.output(frame: frame, previous: nil, visible: CellSize(columns: 5, rows: 2), full: true)
        #expect(Self.contains(bytes, "\u{1B}[H\u{1B}[2J"))
        #expect(Self.contains(bytes, "x"))
        // The modes a terminal reset clears: application cursor keys, mouse reporting, hidden cursor.
        #expect(Self.contains(bytes, "\u{1B}[?1h\u{1B}="))
        #expect(Self.contains(bytes, "\u{1B}[?1006;1000h"))
        #expect(Self.contains(bytes, "\u{1B}[?25l"))
        #expect(Array(bytes.suffix(image.count)) == image)
    }

    // MARK: - Indexed colours
    @Test func indexedColoursGetExtendedPairsOfTheirOwn() throws {
        let terminal = try Terminal(columns: 4, rows: 1)
        var frame = Frame(size: CellSize(columns: 4, rows: 1))
        frame.put("▀", row: 0, column: 0, style: Style(foreground: .indexed(196), background: .indexed(21)))
        frame.put("▀", row: 0, column: 1, style: Style(foreground: .indexed(21), background: .indexed(196)))
        frame.put("▀", row: 0, column: 2, style: Style(foreground: .indexed(196), background: .indexed(21)))
        terminal.screen.draw(frame)
        let pairs = (0..<3).map { terminal.cell(row: 0, column: Int32($0)).pair }
        #expect(pairs[0] != 0 && pairs[1] != 0 && pairs[0] != pairs[1] && pairs[0] == pairs[2])
        var foreground: Int32 = 0
        var background: Int32 = 0
        extended_pair_content(pairs[0], &foreground, &background)
        #expect(foreground == 196 && background == 21)
        // ncurses sends them as 256-palette colours.
        #expect(Self.contains(terminal.newBytes(), "38;5;196"))
    }

    // MARK: - Hostile titles
    /// Titles from the hostile catalog: every cell must sit in ncurses exactly where the frame has it, or
    /// incremental updates leave fragments that a full redraw would not.
    static let hostile = [
        "P25145 👩‍💻 👍🏽 🇯🇵 ❤️ end", "e\u{301}e\u{302}\u{303} 猫の写真 한국어 ok",
        "שלום עולם مرحبا 1️⃣ 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "a\u{200C}b ☀️ ⭐ ▀▄ …", "P145",
    ]

    @Test func everyCellSitsWhereTheFrameHasIt() throws {
        let terminal = try Terminal(columns: 30, rows: 5)
        var frame = Frame(size: CellSize(columns: 30, rows: 5))
        for (row, title) in Self.hostile.enumerated() { frame.put(title, row: row, column: 0) }
        terminal.screen.draw(frame)
        for row in 0..<5 {
            var column = 0
            while column < 30 {
                let cell = frame[row, column]
                let expected = NCursesScreen.drawable(cell)
                var offset = 0
                for piece in expected {
                    let held = terminal.cell(row: Int32(row), column: Int32(column + offset)).characters
                    #expect(held == piece.characters, "row \(row) column \(column + offset): \(cell.grapheme)")
                    offset += piece.width
                }
                column += max(1, cell.width)
            }
        }
    }

    @Test func incrementalDrawingLeavesWhatAFullRedrawLeaves() throws {
        let terminal = try Terminal(columns: 30, rows: 5)
        var generator = SystemRandomNumberGenerator()
        var frame = Frame(size: CellSize(columns: 30, rows: 5))
        for step in 0..<40 {
            // Cards paging: each title moves to another row and column.
            frame = Frame(size: CellSize(columns: 30, rows: 5))
            for (index, title) in Self.hostile.enumerated() {
                let row = (index + step) % 5
                frame.put(title, row: row, column: Int.random(in: 0..<6, using: &generator))
            }
            terminal.screen.draw(frame)
        }
        let incremental = terminal.grid(columns: 30, rows: 5)
        terminal.screen.invalidate()
        terminal.screen.draw(frame)
        #expect(terminal.grid(columns: 30, rows: 5) == incremental)
    }

    // MARK: - Cursor position
    @Test func afterWritingTheBottomRowTheCursorIsPutWhereNcursesBelievesItIs() throws {
        let terminal = try Terminal(columns: 1, rows: 1)
        for text in ["A", "B"] {
            var frame = Frame(size: CellSize(columns: 1, rows: 1))
            frame.put(text, row: 0, column: 0)
            terminal.screen.draw(frame)
            let bytes = terminal.newBytes()
            #expect(Self.contains(bytes, text))
            #expect(Array(bytes.suffix(6)) == Array("\u{1B}[1;1H".utf8), "\(text)")
        }
        // Nothing changed: nothing written, not even the cursor.
        var same = Frame(size: CellSize(columns: 1, rows: 1))
        same.put("B", row: 0, column: 0)
        terminal.screen.draw(same)
        #expect(terminal.newBytes().isEmpty)
    }
}
