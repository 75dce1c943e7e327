import SeededRandom
import Testing

@testable import PhotoramaKit

/// `HTMLTextBytes` gives what the Character walks of `HTMLText` give, or nil (and the walk runs).
@Suite struct HTMLTextBytesTests {
    /// Commons' creators as the demo server and the real service send them, non-ASCII names included:
    /// read from the bytes (no fallback) to the exact text.
    @Test(arguments: [
        (#"<a href="//commons.wikimedia.org/wiki/User:hanako" title="User:hanako">田中 花子</a>"#, "田中 花子"),
        (
            #"<bdi><a href="//commons.wikimedia.org/wiki/User:amelie" title="User:amelie">Amélie Durand</a><span style="display: none;">Creator:amelie</span></bdi>"#,
            "Amélie Durand"
        ),
        (#"<b>Fleur</b> 🌸 ☕"#, "Fleur 🌸 ☕"),
        (
            "Taken near the centre of 東京. <a href=\"https://example.com/tokyo\" rel=\"nofollow\">More from this trip</a>",
            "Taken near the centre of 東京. More from this trip"
        ),
        ("caf&eacute;&nbsp;&amp; <i>thé</i><br>line\u{A0}two", "café & thé\nline two"),
        ("  <p>one</p>\n\n\n<p>two</p>  ", "one\n\ntwo"),
    ])
    func creatorsAndDescriptionsAreReadFromTheBytes(html: String, text: String) throws {
        let visible = try #require(HTMLTextBytes.reading(html) { $0.withoutHiddenElements() })
        #expect(HTMLTextBytes.plainText(HTMLTextBytes.text(visible)) == text)
        #expect(CommonsParser.plain(html) == text.split(separator: "\n").joined(separator: " "))
    }

    /// Where a byte is not the Character the rule compares with, the bytes give nil and the walk decides.
    @Test(arguments: [
        "<e\u{301}>x",  // the tag's first letter takes a combining mark
        "a \u{301}b<b>",  // a space joined to a combining mark is no separator
        "&#39\u{37E}x<i>",  // U+037E is ";" to the Character walk
        "\u{600}<b>x",  // a prepended scalar takes the "<" into its Character
    ])
    func unsureBytesLeaveItToTheCharacters(html: String) {
        #expect(HTMLTextBytes.plainText(html) == nil)
        #expect(HTMLText.plainText(html) == HTMLText.plainTextByCharacters(html))
    }

    @Test func carriageReturnLineFeedIsOneCharacterAndNoBreak() {
        // "\r\n" is one Character: neither the "\n" that ends a line nor the "\r" that ends a word.
        #expect(HTMLText.plainTextByCharacters("a\r\nb <b>c</b>") == "a\r\nb c")
        #expect(HTMLTextBytes.plainText("a\r\nb <b>c</b>") == "a\r\nb c")
    }

    /// Random text made of the pieces that matter to the rules: both ways agree wherever the bytes answer,
    /// and the bytes answer for most of it.
    @Test func bytesAgreeWithTheCharacterWalks() {
        let pieces = [
            "<", ">", "&", ";", "amp", "#39", "#x1F600", "nbsp", "eacute", "b", "br", "BR", "/p", "/div", "!--", "?",
            "span", "/span", " style=\"display: none;\"", "style='DISPLAY:NONE'", "none", "/", "1", "x", " ", "  ", "\t",
            "\r", "\n", "\r\n", "\u{A0}", "\u{301}", "\u{600}", "\u{37E}", "\u{212A}", "\u{85}", "\u{2028}", "é", "田中",
            "😀", "\u{200D}", "👍🏽", "a b",
        ]
        var random = SeededGenerator(seed: 40)
        var answered = 0
        let runs = 5_000
        for _ in 0..<runs {
            let html = (0..<random.int(1...14)).map { _ in random.pick(pieces) }.joined()
            if let bytes = HTMLTextBytes.plainText(html) {
                answered += 1
                #expect(bytes == HTMLText.plainTextByCharacters(html), "\(Array(html.unicodeScalars))")
            }
            if let visible = HTMLTextBytes.reading(html, { $0.withoutHiddenElements() }) {
                #expect(HTMLTextBytes.text(visible) == HTMLText.withoutHiddenElementsByCharacters(html), "\(Array(html.unicodeScalars))")
            }
            #expect(CommonsParser.hasLineBreak(html) == html.contains(where: \.isNewline), "\(Array(html.unicodeScalars))")
        }
        #expect(answered > runs / 2, "the bytes answered \(answered) of \(runs)")
    }

    /// What `CommonsParser.isOneLineAsIs` lets through is what the whole way (hidden elements, plain text,
    /// line breaks joined) gives back unchanged.
    @Test func oneLineAsIsIsWhatTheWholeWayGivesBack() {
        let pieces = [
            "a", "Zoë", " ", "田中", "😀", "\u{301}", "\u{A0}", "\u{85}", "\u{2028}", "\u{2029}", "\t", "\u{0B}", "\u{0C}", "\r\n", "x y",
            "<", "&", "none", "CC BY-SA 4.0", "2025-05-12 00:34:04", "#", ";",
        ]
        var random = SeededGenerator(seed: 40)
        var asIs = 0
        let runs = 5_000
        for _ in 0..<runs {
            let text = (0..<random.int(1...6)).map { _ in random.pick(pieces) }.joined()
            let whole = HTMLText.plainTextByCharacters(HTMLText.withoutHiddenElementsByCharacters(text))
            let line = whole.split(whereSeparator: \.isNewline).joined(separator: " ")
            if CommonsParser.isOneLineAsIs(text) {
                asIs += 1
                #expect(line == text, "\(Array(text.unicodeScalars))")
            }
            #expect(CommonsParser.plain(text) == line, "\(Array(text.unicodeScalars))")
        }
        #expect(asIs > runs / 10, "as is: \(asIs) of \(runs)")
    }

    @Test func noneIsLookedForInEveryScript() {
        #expect(HTMLText.mayContainNone("田中 <span style=\"display:NONE\">x</span>"))
        #expect(!HTMLText.mayContainNone("田中 花子 non"))
        #expect(HTMLText.withoutHiddenElements("田中<span style=\"display:none\">x</span> 花子") == "田中 花子")
    }

    @Test func categoriesAreSplitAtEachBarOfItsOwn() {
        #expect(CommonsParser.categories("Photographs of 東京|Cats in 日本||x") == ["Photographs of 東京", "Cats in 日本", "x"])
        // A bar joined to a combining mark is no separator for the Character split.
        #expect(CommonsParser.categories("a|\u{301}b|c") == ["a|\u{301}b", "c"])
    }

    @Test func textWithoutSpaceAtItsEndsIsKeptAsItIs() {
        #expect(JSONValue.string("東京 夜景 🌃").nonEmptyString == "東京 夜景 🌃")
        #expect(JSONValue.string("\u{3000}東京\u{A0}").nonEmptyString == "東京")
        #expect(JSONValue.string(" \u{2028}").nonEmptyString == nil)
    }

    @Test func renditionWidthsAreReplacedEverywhereOrNotAtAll() {
        #expect(
            CommonsParser.replacing("/320px-", with: "/800px-", in: "https://x.org/a/320px-b/320px-c.jpg")
                == "https://x.org/a/800px-b/800px-c.jpg")
        #expect(CommonsParser.replacing("/320px-", with: "/800px-", in: "https://x.org/a/32px-b.jpg") == nil)
    }
}
