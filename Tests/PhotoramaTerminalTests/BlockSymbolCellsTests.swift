import CNCurses
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Octants (Unicode 16) are one column in the frame and on the terminals that draw them, but glibc's
/// wcwidth does not know them yet: ncurses gets a blank, and the screen writes the octant itself after
/// ncurses' refresh. Sextants and quadrants wcwidth knows: ncurses draws those.
@Suite(.serialized) struct BlockSymbolCellsTests {
    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    static let octant = "\u{1CD00}"
    static let style = Style(foreground: .indexed(196), background: .indexed(21))

    @Test func octantsAreBlanksToNcursesAndThemselvesToTheTerminal() {
        let cell = Cell(grapheme: Self.octant, width: 1, style: Self.style)
        #expect(photorama_wcwidth(0x1CD00) != 1)
        #expect(NCursesScreen.drawable(cell) == [.init(characters: [0x20], width: 1)])
        #expect(NCursesScreen.terminalCharacters(cell) == [0x1CD00])
    }

    @Test func sextantsAndQuadrantsGoThroughNcurses() {
        for grapheme in ["\u{1FB00}", "\u{1FB3B}", "▚", "\u{1FB82}"] {
            let cell = Cell(grapheme: grapheme, width: 1, style: Self.style)
            #expect(NCursesScreen.unmeasuredSymbol(cell) == nil, "\(grapheme)")
            #expect(NCursesScreen.drawable(cell).map(\.characters) == [grapheme.unicodeScalars.map { wchar_t($0.value) }])
        }
    }

    /// 3×1: a 256-colour octant between two letters; a full repaint writes the octant alone, with its colours.
    @Test func theScreenWritesOctantsAfterNcurses() {
        var frame = Frame(size: CellSize(columns: 3, rows: 1))
        frame.put("a", row: 0, column: 0)
        frame.put(Self.octant, row: 0, column: 1, style: Self.style)
        frame.put("b", row: 0, column: 2)
        let bytes = DirectColorCells.output(frame: frame, previous: nil, visible: frame.size, full: true)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}7\u{1B}[1;2H\u{1B}[0;38;5;196;48;5;21m\(Self.octant)\u{1B}8")
        // Without colour: the octant still, in the default colours.
        let plain = DirectColorCells.output(frame: frame, previous: nil, visible: frame.size, full: true, colors: false)
        #expect(String(decoding: plain, as: UTF8.self) == "\u{1B}7\u{1B}[1;2H\u{1B}[0m\(Self.octant)\u{1B}8")
        // A change elsewhere on the row that ncurses may have rewritten the octant for: written again.
        var changed = frame
        changed.put("c", row: 0, column: 2)
        #expect(!DirectColorCells.output(frame: changed, previous: frame, visible: frame.size, full: false).isEmpty)
        #expect(DirectColorCells.output(frame: frame, previous: frame, visible: frame.size, full: false).isEmpty)
    }
}
