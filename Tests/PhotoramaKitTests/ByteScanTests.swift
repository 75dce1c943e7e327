import Foundation
import SeededRandom
import Testing

@testable import PhotoramaKit

/// The word-at-a-time and table shortcuts of the byte readers give what the byte-by-byte rules give.
@Suite struct ByteScanTests {
    /// Eight bytes as the little-endian word the string scan loads.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// The string scan's UTF-8 check accepts exactly what `String(validating:)` accepts: random runs of the
    /// bytes at the edges of each row of the well-formed table, and every sequence of two and three bytes
    /// that starts with a lead byte.
    @Test func utf8IsCheckedAsStringValidatesIt() {
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
            0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var random = SeededGenerator(seed: 40)
        var valid = 0
        for _ in 0..<20_000 {
            let bytes = (0..<random.int(1...7)).map { _ in random.pick(edges) }
            let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
            if expected { valid += 1 }
            #expect(bytes.withUnsafeBufferPointer(JSONBytes.isValidUTF8) == expected, "\(bytes)")
        }
        #expect(valid > 400)
        for lead in UInt8(0xC0)...0xFF {
            for second in UInt8(0x70)...0xC5 {
                for bytes in [[lead, second], [lead, second, 0x80], [lead, second, 0xBF, 0x80]] {
                    let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
                    #expect(bytes.withUnsafeBufferPointer(JSONBytes.isValidUTF8) == expected, "\(bytes)")
                }
            }
        }
    }

    @Test func aWordMayStopTheStringScanWhereAByteWould() {
        let plain = Array("abcdefgh".utf8)
        #expect(!JSONBytes.mayStopString(Self.word(plain)))
        #expect(!JSONBytes.mayStopString(Self.word([0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xFF])))
        #expect(!JSONBytes.mayStopString(Self.word([0xE2, 0x80, 0x94, 0xC3, 0xA9, 0xA2, 0xDC, 0x9C])))
        for position in 0..<8 {
            for stopper: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F] {
                var bytes = plain
                bytes[position] = stopper
                #expect(JSONBytes.mayStopString(Self.word(bytes)), "\(stopper) at \(position)")
                // Non-ASCII bytes before it change nothing.
                bytes = bytes.enumerated().map { $0.offset < position ? 0xC3 : $0.element }
                #expect(JSONBytes.mayStopString(Self.word(bytes)), "\(stopper) at \(position) after 0xC3")
            }
        }
    }

    /// The token of the first string in `json` (which starts with its quote), or nil when the scanner is unsure.
    static func token(_ json: String) -> JSONBytes.StringToken? {
        Array(json.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONBytes(buffer, range: 0..<buffer.count)
            return try? scanner.string()
        }
    }

    @Test func theStringScanStopsAtTheQuoteWhereverItIs() throws {
        for length in 0..<24 {
            let text = String(repeating: "a", count: length)
            let token = try #require(Self.token("\"\(text)\", \"more text after it\""))
            #expect(token.range == 1..<(1 + length))
            #expect(!token.escaped && !token.nonASCII)
            let escaped = try #require(Self.token("\"\(text)\\\"b\" tail to read past"))
            #expect(escaped.range == 1..<(1 + length + 3))
            #expect(escaped.escaped && !escaped.nonASCII)
            #expect(Self.token("\"\(text)\u{1F}bbbbbbbbbb\"") == nil)
            let accented = try #require(Self.token("\"\(text)é and more than eight bytes\""))
            #expect(accented.range == 1..<(1 + length + 28))
            #expect(!accented.escaped && accented.nonASCII)
        }
        #expect(Self.token("\"abcdefghijklmnop") == nil)
        #expect(Self.token("\"abcdefgh\u{FF}ijk\"") != nil)
    }

    @Test func escapedTextIsDecodedRunByRun() throws {
        let json = "\"<a href=\\\"//x.org/a\\/b\\\">caf\\u00e9 \\ud83c\\udf05</a>\\n\\t end\""
        let decoded = Array(json.utf8).withUnsafeBufferPointer { buffer -> String? in
            var scanner = JSONBytes(buffer, range: 0..<buffer.count)
            guard let token = try? scanner.string() else { return nil }
            return scanner.decode(token)
        }
        #expect(decoded == "<a href=\"//x.org/a/b\">café 🌅</a>\n\t end")
    }

    @Test func everyPrintableByteIsInAPlainPathExactlyWhenRFC3986AllowsIt() {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?".utf8)
        var differing: [UInt8] = []
        for byte in UInt8(0x21)...0x7E where byte != UInt8(ascii: "%") {
            let text = "https://x.org/a" + String(decoding: [byte], as: UTF8.self) + "b"
            if AbsoluteAddress.isPlain(text) != allowed.contains(byte) { differing.append(byte) }
        }
        #expect(differing == [])
        #expect(!AbsoluteAddress.isPlain("https://x.org/a b"))
        #expect(!AbsoluteAddress.isPlain("https://x.org/aé"))
    }
}
