import Foundation
import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// The browser's pictures in sixel get a palette of the terminal's colour registers
/// (`TerminalCapabilities.sixelColors`, from XTSMGRAPHICS), 256 when it did not say.
@Suite("Picture drawer: sixel palettes of the terminal's colour registers")
struct PictureDrawerSixelColorsTests {
    /// A two-way gradient: thousands of colours, more than any palette holds.
    static let gradient: RGBImage = {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)] }
        }
        return RGBImage(width: 64, height: 64, pixels: pixels)
    }()

    /// The colour registers a sixel sequence defines (`#n;2;r;g;b`).
    static func definitions(_ bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).matches(of: #/#[0-9]+;2;[0-9]+;[0-9]+;[0-9]+/#).count
    }

    static func encoded(_ drawer: PictureDrawer) throws -> [UInt8] {
        let request = ImageRequest(
            url: try #require(URL(string: "http://127.0.0.1/gradient.jpg")), columns: 8, rows: 4, drawing: .sixel)
        guard case .success(.pixels(let picture)) = drawer.draw(Self.gradient, for: request), let encoded = picture.encoded else {
            Issue.record("no sixel picture")
            return []
        }
        return encoded
    }

    /// The palette size a terminal giving `answers` (before its DA1) gets.
    static func sixelColors(answering answers: String) -> Int {
        var parser = TerminalAnswerParser()
        let answers = parser.feed(Array((answers + "\u{1B}[?63;4c").utf8)).map { TimedAnswer($0, milliseconds: 1) }
        let findings = TerminalFindings(asked: TerminalQueries.sent(askCellSize: false), answers: answers, milliseconds: 1)
        return TerminalCapabilities.decide(findings, window: nil, environment: [:]).sixelColors
    }

    @Test("a terminal reporting 16 registers gets 16 colour definitions, 1024 or none gets 256")
    func paletteOfTheRegisters() throws {
        let cell = PixelSize(width: 10, height: 20)
        for (answer, expected) in [("\u{1B}[?1;0;16S", 16), ("\u{1B}[?1;0;1024S", 256), ("", 256)] {
            let drawer = PictureDrawer(cell: cell, ids: PictureIDs(), sixelColors: Self.sixelColors(answering: answer))
            #expect(Self.definitions(try Self.encoded(drawer)) == expected, "\(answer.debugDescription)")
        }
        #expect(Self.definitions(try Self.encoded(PictureDrawer(cell: cell, ids: PictureIDs()))) == 256)
    }
}
