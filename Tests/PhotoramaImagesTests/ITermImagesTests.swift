import Foundation
import Testing

@testable import PhotoramaImages

@Suite("iTerm2 inline images")
struct ITermImagesTests {
    @Test("the sequence: OSC 1337, the size in cells, the file's byte count, base64, ST")
    func exactBytes() {
        let bytes = ITermImages.inline([1, 2, 3, 4], columns: 3, rows: 2)
        #expect(
            bytes == Array("\u{1B}]1337;File=inline=1;width=3;height=2;preserveAspectRatio=1;size=4:AQIDBA==\u{1B}\\".utf8))
    }

    @Test("the pipeline sends a JPEG of exactly the pixels the fitted cells need")
    func drawnAsJPEG() throws {
        let image = TestImages.pattern(width: 400, height: 300)
        guard
            case .pixels(let picture) = try DrawnPicture.draw(
                image, in: CellSize(columns: 8, rows: 8), as: .iterm2, cell: PixelSize(width: 10, height: 10), kitty: .store(id: 1))
        else {
            Issue.record("not pixels")
            return
        }
        // 4:3 in 8×8 cells of 10×10: 8×6 cells, 80×60 pixels.
        #expect(picture.cells == CellSize(columns: 8, rows: 6))
        #expect(picture.image.size == PixelSize(width: 80, height: 60))
        let text = String(decoding: picture.encoded, as: UTF8.self)
        let prefix = "\u{1B}]1337;File=inline=1;width=8;height=6;preserveAspectRatio=1;size="
        #expect(text.hasPrefix(prefix))
        #expect(text.hasSuffix("\u{1B}\\"))
        let parts = text.dropFirst(prefix.count).dropLast(2).split(separator: ":")
        let jpeg = try #require(parts.count == 2 ? Data(base64Encoded: String(parts[1])) : nil)
        #expect(Int(parts[0]) == jpeg.count)
        let decoded = try ImageDecoder.decode([UInt8](jpeg), covering: PixelSize(width: 80, height: 60))
        #expect(decoded.size == PixelSize(width: 80, height: 60))
        // Quality 90 at 4:4:4: the pixels come back within a few levels on average (this sharp pattern: 4.3).
        let error = try #require(PictureFidelity.meanAbsoluteError(decoded, picture.image))
        #expect(error < 5, "\(error)")
    }

    @Test("iTerm2 and mintty get it under auto; tmux never")
    func detection() {
        #expect(GraphicsDetection.detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm2)
        #expect(GraphicsDetection.detect(["TERM": "xterm", "TERM_PROGRAM": "mintty"]) == .iterm2)
        #expect(GraphicsDetection.detect(["TERM": "screen", "TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/x"]) == nil)
        #expect(ImageMode(setting: " ITerm2 ") == .iterm2)
    }
}
