import Testing

@testable import PhotoramaText

@Suite("Display width per grapheme cluster")
struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect(DisplayWidth.of("Hello, world") == 12)
        #expect(DisplayWidth.of(Character("a")) == 1)
    }

    @Test func cjkAndFullwidthAreTwo() {
        #expect(DisplayWidth.of("東京タワー") == 10)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
    }

    @Test func combiningMarksAddNothing() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Ame\u{301}lie") == 6)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    @Test func emojiAreTwoIncludingSequences() {
        #expect(DisplayWidth.of(Character("😀")) == 2)
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)
        #expect(DisplayWidth.of(Character("👩‍👩‍👧‍👦")) == 2)
        #expect(DisplayWidth.of(Character("🇫🇷")) == 2)
        #expect(DisplayWidth.of(Character("❤️")) == 2)
        #expect(DisplayWidth.of(Character("1️⃣")) == 2)
        #expect(DisplayWidth.of("🏳️‍🌈 ok") == 5)
    }

    @Test func textStyleSymbolsAreOne() {
        #expect(DisplayWidth.of(Character("❤")) == 1)
        #expect(DisplayWidth.of(Character("☺")) == 1)
        #expect(DisplayWidth.of(Character("…")) == 1)
        #expect(DisplayWidth.of(Character("│")) == 1)
    }

    @Test func rightToLeftLettersAreOne() {
        #expect(DisplayWidth.of("שלום") == 4)
        #expect(DisplayWidth.of("مرحبا") == 5)
    }

    @Test func controlsAreZero() {
        #expect(DisplayWidth.of(Character("\u{1B}")) == 0)
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of(Character("\u{85}")) == 0)
        #expect(DisplayWidth.of(Character("\u{200B}")) == 0)
    }
}

@Suite("Truncation and wrapping")
struct TextLayoutTests {
    @Test func fitsUnchanged() {
        #expect(TextLayout.truncate("Paris", toWidth: 5) == "Paris")
        #expect(TextLayout.truncate("東京", toWidth: 4) == "東京")
    }

    @Test func truncatesWithEllipsis() {
        #expect(TextLayout.truncate("Paris at night", toWidth: 6) == "Paris…")
        #expect(TextLayout.truncate("abc", toWidth: 1) == "…")
        #expect(TextLayout.truncate("abc", toWidth: 0) == "")
    }

    @Test func neverSplitsAWideCharacterOrACluster() {
        // 東京タワー is 10 columns; in 6 there is room for 2 wide chars and the ellipsis.
        #expect(TextLayout.truncate("東京タワー", toWidth: 6) == "東京…")
        #expect(TextLayout.truncate("東京タワー", toWidth: 5) == "東京…")
        #expect(TextLayout.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(TextLayout.truncate("👩‍👩‍👧‍👦👩‍👩‍👧‍👦", toWidth: 3) == "👩‍👩‍👧‍👦…")
        #expect(TextLayout.truncate("🇫🇷🇩🇪", toWidth: 2) == "…")
    }

    @Test func fitPadsToTheWidth() {
        #expect(TextLayout.fit("ab", toWidth: 4) == "ab  ")
        #expect(TextLayout.fit("東京", toWidth: 5) == "東京 ")
    }

    @Test func wrapsAtSpacesAndBreaksLongWords() {
        #expect(TextLayout.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("東京タワー", width: 5) == ["東京", "タワ", "ー"])
        #expect(TextLayout.wrap("", width: 5) == [])
    }

    @Test func groupsThousands() {
        #expect(NumberText.grouped(5000) == "5,000")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1_000_000) == "1,000,000")
        #expect(NumberText.grouped(-1234) == "-1,234")
    }
}
