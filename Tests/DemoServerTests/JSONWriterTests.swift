import Foundation
import SeededRandom
import Testing

@testable import DemoServer

/// The demo server's JSON: exact bytes for numbers and escapes, and what Foundation reads back for any text.
@Suite struct JSONWriterTests {
    @Test func numbersAndEscapesAreWrittenExactly() {
        let value = JSONValue.object([
            ("ints", .array([.int(0), .int(7), .int(-42), .int(1_234_567_890), .int(Int.min), .int(Int.max)])),
            ("doubles", .array([.double(47.3769), .double(-2), .double(1e20), .double(.nan)])),
            ("text", .string("a\"b\\c\nd\re\tf\u{01}g é 🇩🇪")),
            ("flags", .array([.bool(true), .bool(false), .null])),
        ])
        let text = String(decoding: JSONWriter.bytes(value), as: UTF8.self)
        #expect(
            text
                == #"{"ints":[0,7,-42,1234567890,-9223372036854775808,9223372036854775807],"doubles":[47.3769,-2,1e+20,null],"text":"a\"b\\c\nd\re\tf\u0001g é 🇩🇪","flags":[true,false,null]}"#
        )
    }

    @Test(arguments: 0..<50)
    func anyTextReadsBackUnchanged(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let scalars = (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
            Unicode.Scalar(UInt32.random(in: seed % 2 == 0 ? 0...0x7F : 0...0x1_FFFF, using: &generator))
        }
        let text = String(String.UnicodeScalarView(scalars))
        let bytes = JSONWriter.bytes(.array([.string(text)]))
        let read = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
        #expect(read == [text])
    }
}
