import CNCurses
import PhotoramaScreen
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

    @Test func emojiSequencesBecomeOneWideStandIn() {
        // Drawn piecewise these were "👩‍" (ZWJ attached, so tmux merged the next character into the cell),
        // "👍" + a modifier of two more columns, "JP" and a narrow "❤": the columns after them drifted.
        let geta = NCursesScreen.Piece(characters: [0x3013], width: 2)
        for sequence in ["👩‍💻", "👍🏽", "🇯🇵", "❤️", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "👨‍👩‍👧"] {
            #expect(pieces(sequence, width: 2) == [geta], "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func singleEmojiAndWideCharactersAreDrawnWhole() {
        #expect(pieces("👍", width: 2) == [.init(characters: [0x1F44D], width: 2)])
        // VS16 after a character that is already wide changes nothing, so it is left out.
        #expect(pieces("👍\u{FE0F}", width: 2) == [.init(characters: [0x1F44D], width: 2)])
        #expect(pieces("한", width: 2) == [.init(characters: [0xD55C], width: 2)])
        // Hangul jamo: an initial consonant and its vowel are one cell.
        #expect(pieces("\u{1100}\u{1161}", width: 2) == [.init(characters: [0x1100, 0x1161], width: 2)])
    }

    @Test func invisibleFormatCharactersAreLeftOutAndControlsStandIn() {
        // ZWNJ is part of the cluster but draws nothing: ncurses would send it, tmux attach it.
        #expect(pieces("a\u{200C}", width: 1) == [.init(characters: [0x61], width: 1)])
        // A lone C1 control (wcwidth -1: ncurses would print it as "~E", two columns).
        #expect(pieces("\u{85}", width: 1) == [.init(characters: [0x3F], width: 1)])
        // A frame that claims a width ncurses disagrees with gets a stand-in of the frame's width.
        #expect(pieces("a", width: 2) == [.init(characters: [0x3013], width: 2)])
        #expect(pieces("猫", width: 1) == [.init(characters: [0x3F], width: 1)])
        #expect(pieces("", width: 0) == [.init(characters: [0x20], width: 1)])
    }

    @Test func combiningMarksBeyondNcursesLimitAreDropped() {
        // CCHARW_MAX is 5 wide characters per cell.
        #expect(
            pieces("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", width: 1) == [
                .init(characters: [0x65, 0x301, 0x302, 0x303, 0x304], width: 1)
            ])
    }

    @Test func brightColoursFallBackOnEightColourTerminals() {
        #expect(NCursesScreen.colorNumber(.default, colors: 256) == -1)
        #expect(NCursesScreen.colorNumber(.red, colors: 8) == 1)
        #expect(NCursesScreen.colorNumber(.brightRed, colors: 256) == 9)
        #expect(NCursesScreen.colorNumber(.brightRed, colors: 8) == 1)
        #expect(NCursesScreen.colorNumber(.brightWhite, colors: 16) == 15)
    }
}
