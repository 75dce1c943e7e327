import Testing

@testable import PhotoramaTerminal

@Suite("OSC 52 clipboard bytes")
struct ClipboardSequenceTests {
    @Test func aPageAddressIsBase64BetweenOSC52AndBEL() {
        let bytes = ClipboardSequence.osc52("https://www.flickr.com/photos/owner/1")
        let expected = "\u{1B}]52;c;aHR0cHM6Ly93d3cuZmxpY2tyLmNvbS9waG90b3Mvb3duZXIvMQ==\u{07}"
        #expect(bytes == Array(expected.utf8))
    }

    @Test func textIsEncodedAsUTF8() {
        #expect(ClipboardSequence.osc52("é") == [0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B] + Array("w6k=".utf8) + [0x07])
        #expect(ClipboardSequence.osc52("") == Array("\u{1B}]52;c;\u{07}".utf8))
    }
}
