import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

@Suite("kitty pictures inside tmux: placeholders in the cells, images through the passthrough")
struct PlaceholderPicturesTests {
    /// What tmux hands the terminal outside: the passthrough's contents, ESCs undoubled.
    static func unwrapped(_ bytes: [UInt8]) -> (outside: [UInt8], inside: [UInt8]) {
        var outside: [UInt8] = []
        var inside: [UInt8] = []
        var index = 0
        let prefix = Array("\u{1B}Ptmux;".utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: prefix) {
                index += prefix.count
                while index < bytes.count {
                    if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x1B {
                        outside.append(0x1B)
                        index += 2
                    } else if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                        index += 2
                        break
                    } else {
                        outside.append(bytes[index])
                        index += 1
                    }
                }
            } else {
                inside.append(bytes[index])
                index += 1
            }
        }
        return (outside, inside)
    }

    static func frame(pictures: [(UInt32, Rect)], covers: [Rect] = []) -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 12))
        frame.put("header", row: 0, column: 0)
        for (id, rect) in pictures {
            frame.fill(rect, style: .plain)
            let image = RGBImage(width: 2, height: 2, pixels: Array(repeating: UInt8(truncatingIfNeeded: id), count: 12))
            frame.pictures.append(
                FramePicture(rect: rect, picture: PixelPicture(id: id, columns: rect.width, rows: rect.height, image: image)))
        }
        frame.pictureCovers = covers
        return frame
    }

    @Test("a picture is uploaded once with a virtual placement and its placeholders are written at its cells")
    func uploadOnceThenNothing() {
        var pictures = ProtocolPictures(.kittyPlaceholders)
        let rect = Rect(row: 2, column: 3, width: 4, height: 2)
        let frame = Self.frame(pictures: [(7, rect)])
        let first = Self.unwrapped(pictures.output(frame: frame, previous: nil, visible: frame.size, full: true))
        var log = GraphicsLog()
        log.read(first.outside)
        #expect(log.transmissions == [7: 1])
        #expect(String(decoding: first.outside, as: UTF8.self).contains("a=p,U=1,i=7,c=4,r=2,q=2"))
        let text = String(decoding: first.inside, as: UTF8.self)
        #expect(
            text
                == "\u{1B}7\u{1B}[0;38;5;7m\u{1B}[3;4H" + KittyPlaceholders.row(0, columns: 4, imageID: 7)! + "\u{1B}[4;4H"
                + KittyPlaceholders.row(1, columns: 4, imageID: 7)! + "\u{1B}8")
        #expect(pictures.shown == [7: rect])
        // The same frame again writes nothing.
        #expect(pictures.output(frame: frame, previous: frame, visible: frame.size, full: false).isEmpty)
        // A full repaint (Ctrl-L, resize) writes the placeholders again but does not upload again.
        let again = Self.unwrapped(pictures.output(frame: frame, previous: nil, visible: frame.size, full: true))
        #expect(again.outside.isEmpty)
        #expect(String(decoding: again.inside, as: UTF8.self) == text)
    }

    @Test("an overlay over a picture writes the cells as text; closing it writes the placeholders again; a picture gone is deleted")
    func overlaysAndDeletes() {
        var pictures = ProtocolPictures(.kittyPlaceholders)
        let rect = Rect(row: 2, column: 3, width: 4, height: 2)
        let shown = Self.frame(pictures: [(300, rect)])
        _ = pictures.output(frame: shown, previous: nil, visible: shown.size, full: true)
        let covered = Self.frame(pictures: [(300, rect)], covers: [Rect(row: 1, column: 0, width: 10, height: 3)])
        let hiding = Self.unwrapped(pictures.output(frame: covered, previous: shown, visible: covered.size, full: false))
        #expect(hiding.outside.isEmpty)
        #expect(!String(decoding: hiding.inside, as: UTF8.self).contains("\u{10EEEE}"))
        #expect(pictures.shown.isEmpty)
        let uncovered = Self.unwrapped(pictures.output(frame: shown, previous: covered, visible: shown.size, full: false))
        #expect(uncovered.outside.isEmpty)
        #expect(String(decoding: uncovered.inside, as: UTF8.self).contains(KittyPlaceholders.row(1, columns: 4, imageID: 1 << 24 | 45)!))
        let gone = Self.unwrapped(pictures.output(frame: Self.frame(pictures: []), previous: shown, visible: shown.size, full: false))
        #expect(String(decoding: gone.outside, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=\(1 << 24 | 45),q=2\u{1B}\\")
        #expect(pictures.quit().isEmpty)
    }

    @Test("leaving deletes every image still uploaded")
    func quitDeletes() {
        var pictures = ProtocolPictures(.kittyPlaceholders)
        let frame = Self.frame(pictures: [
            (1, Rect(row: 1, column: 1, width: 2, height: 1)), (2, Rect(row: 5, column: 1, width: 2, height: 1)),
        ])
        _ = pictures.output(frame: frame, previous: nil, visible: frame.size, full: true)
        #expect(
            String(decoding: Self.unwrapped(pictures.quit()).outside, as: UTF8.self)
                == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\")
    }
}
