import Testing

@testable import PhotoramaKit

@Suite struct OutputTerminalTextTests {
    @Test(arguments: [
        ("abc", 3),
        ("夕焼け", 6),
        ("🌅", 2),
        ("👩‍👩‍👧", 2),  // ZWJ family: one cluster, two columns
        ("❤️", 2),  // VS16 emoji presentation
        ("🇩🇪", 2),
        ("é", 1),  // e + combining acute
        ("ｶﾀｶﾅ", 4),  // half-width katakana stays narrow
        ("한국어", 6),
        ("", 0),
    ])
    func displayWidth(text: String, width: Int) {
        #expect(TerminalText.displayWidth(text) == width)
    }

    @Test func sanitizeRemovesWhatATerminalWouldInterpret() {
        #expect(TerminalText.sanitize("a\u{1B}[2Jb\u{7}c\u{9B}d") == "a[2Jbcd")
        #expect(TerminalText.sanitize("one\ntwo\tthree\r") == "one two three ")
        #expect(TerminalText.sanitize("\u{202E}evil\u{2066}x\u{200B}y\u{FEFF}") == "evilxy")
        #expect(TerminalText.sanitize("👩‍👩‍👧 ❤️") == "👩‍👩‍👧 ❤️")
    }

    @Test func truncateNeverSplitsAWideCharacter() {
        #expect(TerminalText.truncate("夕焼け空", toWidth: 6) == "夕焼…")
        #expect(TerminalText.truncate("夕焼け空", toWidth: 5) == "夕焼…")
        #expect(TerminalText.truncate("夕焼け空", toWidth: 8) == "夕焼け空")
        #expect(TerminalText.truncate("abcdef", toWidth: 1) == "…")
        #expect(TerminalText.truncate("abcdef", toWidth: 0) == "")
        #expect(TerminalText.pad("夕", toWidth: 4) == "夕  ")
    }
}
