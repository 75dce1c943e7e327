import Foundation
import PhotoramaText
import SeededRandom
import Testing

@testable import PhotoramaKit

/// CLI output and the browser share one sanitizer: tables remove whole sequences, and JSON escapes
/// exactly what the sanitizer would alter, so printing it through `Console` changes nothing.
@Suite struct OneSanitizerOutputTests {
    @Test func tableCellsLoseWholeEscapeSequences() {
        let table = TextTable(
            columns: [.init("ID", shrinkable: false), .init("TITLE")],
            rows: [["P0", "\u{1B}]52;c;cHduZWQ=\u{07}copied"], ["P2", "\u{1B}[2J\u{1B}[Hcleared"]])
        #expect(table.render(width: 40) == "ID  TITLE\nP0  copied\nP2  cleared\n")
    }

    @Test func jsonOutputIsLeftAsItIsByTheSanitizerAndKeepsTheData() throws {
        var generator = SeededGenerator(seed: 28)
        let alphabet: [UInt32] = [
            0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x22, 0x5B, 0x5C, 0x5D, 0x41, 0x7F, 0x85, 0x9B, 0x9D, 0xE9, 0x200B,
            0x200D, 0x202E, 0x2066, 0x2028, 0xFEFF, 0x6771, 0x1F469, 0x1F4BB, 0xE0067, 0xE007F,
        ]
        for _ in 0..<500 {
            let length = Int(generator.next() % 24)
            var text = String.UnicodeScalarView()
            for _ in 0..<length {
                let value = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                if let scalar = Unicode.Scalar(value) { text.append(scalar) }
            }
            let original = String(text)
            let rendered = JSONOutput.object(["title": .string(original)]).rendered()
            #expect(Console.sanitizedLines(rendered) == rendered)
            let decoded = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: String]
            #expect(decoded?["title"] == original)
        }
    }
}
