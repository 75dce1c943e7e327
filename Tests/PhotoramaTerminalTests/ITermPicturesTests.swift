import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

/// iTerm2's inline images in the browser: pixels in the cells that text erases, so they follow the sixel
/// rules (painted when they appear or are uncovered, the text written again where they were).
@Suite("iTerm2 pictures in the browser's frames")
struct ITermPicturesTests {
    static func frame(pictures: [(UInt32, Rect)], covers: [Rect] = []) -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 12))
        frame.put("header", row: 0, column: 0)
        for (id, rect) in pictures {
            frame.fill(rect, style: .plain)
            let image = RGBImage(width: 8, height: 8, pixels: Array(repeating: UInt8(truncatingIfNeeded: id * 40), count: 192))
            frame.pictures.append(
                FramePicture(rect: rect, picture: PixelPicture(id: id, columns: rect.width, rows: rect.height, image: image)))
        }
        frame.pictureCovers = covers
        return frame
    }

    /// Where each inline image was written: the cell of the CUP before it, and its size in cells.
    static func placed(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.matches(of: #/\x1B\[([0-9]+);([0-9]+)H\x1B\]1337;File=inline=1;width=([0-9]+);height=([0-9]+);/#).map {
            "\($0.1),\($0.2) \($0.3)x\($0.4)"
        }
    }

    @Test("a picture is written once at its cells; an unchanged frame writes nothing")
    func writtenOnce() {
        var pictures = ProtocolPictures(.iterm2)
        let rect = Rect(row: 2, column: 3, width: 6, height: 3)
        let frame = Self.frame(pictures: [(1, rect)])
        #expect(Self.placed(pictures.output(frame: frame, previous: nil, visible: frame.size, full: true)) == ["3,4 6x3"])
        #expect(pictures.shown == [1: rect])
        #expect(pictures.output(frame: frame, previous: frame, visible: frame.size, full: false).isEmpty)
        // A full repaint (Ctrl-L, resize) writes it again.
        #expect(Self.placed(pictures.output(frame: frame, previous: nil, visible: frame.size, full: true)) == ["3,4 6x3"])
    }

    @Test("an overlay hides it (its cells written as text) and closing the overlay writes it again")
    func overlays() {
        var pictures = ProtocolPictures(.iterm2)
        let rect = Rect(row: 2, column: 3, width: 6, height: 3)
        let shown = Self.frame(pictures: [(1, rect), (2, Rect(row: 7, column: 20, width: 4, height: 2))])
        _ = pictures.output(frame: shown, previous: nil, visible: shown.size, full: true)
        let covered = Self.frame(
            pictures: [(1, rect), (2, Rect(row: 7, column: 20, width: 4, height: 2))],
            covers: [Rect(row: 1, column: 0, width: 12, height: 3)])
        let hiding = pictures.output(frame: covered, previous: shown, visible: shown.size, full: false)
        #expect(Self.placed(hiding).isEmpty)
        #expect(pictures.shown == [2: Rect(row: 7, column: 20, width: 4, height: 2)])
        let uncovered = pictures.output(frame: shown, previous: covered, visible: shown.size, full: false)
        #expect(Self.placed(uncovered) == ["3,4 6x3"])
        #expect(pictures.quit().isEmpty)
        #expect(pictures.shown.isEmpty)
    }
}
