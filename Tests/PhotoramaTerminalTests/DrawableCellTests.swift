import CNCurses
import PhotoramaTUI
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
import Glibc
#endif

/// What ncurses is handed for a cell must occupy exactly the cell's width, measured the way ncurses
/// measures it (wcwidth of the first character), or every later column on the row would drift.
@Suite(.serialized) struct DrawableCellTests {
    init() {
        // wcwidth only knows non-ASCII widths in a UTF-8 locale, as the real program sets up.
        setlocale(LC_ALL, "C.UTF-8")
    }

    func pieces(_ grapheme: String, width: Int) -> [NCursesScreen.Piece] {
        NCursesScreen.drawable(Cell(grapheme: grapheme, width: width))
    }

    @Test func plainAndWideCharactersPassThrough() {
        #expect(pieces("a", width: 1) == [.init(characters: [0x61], width: 1)])
        #expect(pieces("猫", width: 2) == [.init(characters: [0x732B], width: 2)])
    }

    @Test func combiningMarksStayWithTheirBase() {
        // e + COMBINING ACUTE ACCENT is one cluster of width 1.
        #expect(pieces("e\u{301}", width: 1) == [.init(characters: [0x65, 0x301], width: 1)])
    }

    @Test func flagsBecomeTheirLettersWhenNcursesWouldMeasureThemDifferently() {
        let drawn = pieces("🇫🇷", width: 2)
        #expect(drawn.reduce(0) { $0 + $1.width } == 2)
        if Int(photorama_wcwidth(0x1F1EB)) != 2 {
            #expect(drawn == [.init(characters: [0x46], width: 1), .init(characters: [0x52], width: 1)])
        }
    }

    @Test func everyPieceSetAddsUpToTheCellWidth() {
        for (grapheme, width) in [("👩‍👩‍👧", 2), ("👍🏽", 2), ("❤️", 2), ("a", 1), ("", 1), ("\u{301}", 1)] {
            let drawn = pieces(grapheme, width: width)
            #expect(drawn.reduce(0) { $0 + $1.width } == width, "\(grapheme)")
            for piece in drawn {
                #expect(Int(photorama_wcwidth(UInt32(piece.characters[0]))) == piece.width, "\(grapheme)")
            }
        }
    }

    @Test func brightColoursFallBackOnEightColourTerminals() {
        #expect(NCursesScreen.colorNumber(.default, colors: 256) == -1)
        #expect(NCursesScreen.colorNumber(.red, colors: 8) == 1)
        #expect(NCursesScreen.colorNumber(.brightRed, colors: 256) == 9)
        #expect(NCursesScreen.colorNumber(.brightRed, colors: 8) == 1)
    }
}
