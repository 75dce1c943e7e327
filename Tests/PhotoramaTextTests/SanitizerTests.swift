import Testing

@testable import PhotoramaText

@Suite("Untrusted text is made safe for the terminal")
struct SanitizerTests {
    @Test func plainTextIsUntouched() {
        #expect(Sanitizer.sanitize("Sunset over Paris") == "Sunset over Paris")
        #expect(Sanitizer.sanitize("東京 👩‍👩‍👧‍👦 🇫🇷 e\u{301}") == "東京 👩‍👩‍👧‍👦 🇫🇷 e\u{301}")
    }

    @Test func removesCSISequences() {
        #expect(Sanitizer.sanitize("a\u{1B}[2Jb") == "ab")
        #expect(Sanitizer.sanitize("\u{1B}[31;1mred\u{1B}[0m") == "red")
        #expect(Sanitizer.sanitize("x\u{9B}2Ky") == "xy")
    }

    @Test func removesOSCClipboardWritesAndTitles() {
        #expect(Sanitizer.sanitize("a\u{1B}]52;c;ZXZpbA==\u{07}b") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}]0;pwned\u{1B}\\b") == "ab")
        #expect(Sanitizer.sanitize("a\u{9D}8;;http://x\u{9C}b") == "ab")
        // Unterminated: everything after the introducer goes.
        #expect(Sanitizer.sanitize("safe\u{1B}]52;c;AAAA") == "safe")
    }

    @Test func removesOtherEscapes() {
        #expect(Sanitizer.sanitize("a\u{1B}cb") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}(Bb") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}P1$r\u{1B}\\b") == "ab")
        #expect(Sanitizer.sanitize("end\u{1B}") == "end")
    }

    @Test func removesControlsAndDEL() {
        #expect(Sanitizer.sanitize("a\u{00}b\u{07}c\u{08}d\u{7F}e") == "abcde")
        #expect(Sanitizer.sanitize("a\u{80}b\u{81}c\u{85}d") == "abc d")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(Sanitizer.sanitize("one\r\ntwo\nthree\tfour\rfive") == "one two three four five")
        #expect(Sanitizer.singleLine("  one\r\n\r\ntwo  ") == "one two")
    }

    @Test func removesBidiControlsAndInvisibles() {
        #expect(Sanitizer.sanitize("abc\u{202E}fed\u{202C}") == "abcfed")
        #expect(Sanitizer.sanitize("\u{2066}x\u{2069}\u{2067}y\u{2068}") == "xy")
        #expect(Sanitizer.sanitize("\u{FEFF}zero\u{200B}width\u{200C}\u{200E}\u{200F}") == "zerowidth")
    }

    @Test func keepsZeroWidthJoinerOnlyInsideEmojiSequences() {
        #expect(Sanitizer.sanitize("a\u{200D}b") == "ab")
        #expect(Sanitizer.sanitize("👩\u{200D}💻") == "👩\u{200D}💻")
    }

    @Test func rightToLeftTextStays() {
        #expect(Sanitizer.sanitize("שלום עולם") == "שלום עולם")
    }
}
