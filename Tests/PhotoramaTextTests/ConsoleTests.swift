import Testing

@testable import PhotoramaText

@Suite("What the program prints passes through the one sanitizer")
struct ConsoleTests {
    @Test func eachLineIsSanitizedAndTheLineBreaksStay() {
        #expect(Console.sanitizedLines("plain\nlines\n") == "plain\nlines\n")
        #expect(Console.sanitizedLines("P0 \u{1B}]52;c;cHduZWQ=\u{07}\nP2 \u{1B}[2J\u{1B}[H\n") == "P0 \nP2 \n")
        #expect(Console.sanitizedLines("a\tb\r\nc\u{9B}31md") == "a b \ncd")
        #expect(Console.sanitizedLines("\u{202E}evil\n") == "evil\n")
    }

    @Test func tableCellsAndTheBrowserWidthAgreeOnVariationSelectors() {
        // VS15 asks for the text form: one column, as the browser lays it out.
        #expect(DisplayWidth.of("☺\u{FE0E}") == 1)
        #expect(DisplayWidth.of("♥\u{FE0F}") == 2)
        #expect(TextLayout.fit("☺\u{FE0E}", toWidth: 3) == "☺\u{FE0E}  ")
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(TextLayout.truncate("夕焼け空", toWidth: 6) == "夕焼…")
        #expect(TextLayout.truncate("夕焼け空", toWidth: 5) == "夕焼…")
        #expect(TextLayout.truncate("夕焼け空", toWidth: 8) == "夕焼け空")
        #expect(TextLayout.truncate("abcdef", toWidth: 1) == "…")
        #expect(TextLayout.truncate("abcdef", toWidth: 0) == "")
        #expect(TextLayout.fit("夕", toWidth: 4) == "夕  ")
    }

    @Test func everyScalarTheSanitizerMayAlterIsKnown() {
        for value: UInt32 in [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x200B, 0x200D, 0x202E, 0x2066, 0xFEFF, 0xE0067] {
            #expect(Sanitizer.mayAlter(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x6771, 0xFE0E, 0xFE0F, 0x1F600] {
            #expect(!Sanitizer.mayAlter(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }
}
