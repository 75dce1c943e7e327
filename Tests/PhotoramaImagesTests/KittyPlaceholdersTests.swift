import Foundation
import PhotoramaImages
import Testing

@Suite("kitty Unicode placeholders and tmux passthrough")
struct KittyPlaceholdersTests {
    @Test("picture ids map to image ids whose low byte (1…255) is a palette index and whose high byte is the third mark")
    func imageIDs() {
        #expect(KittyPlaceholders.imageID(forPicture: 1) == 1)
        #expect(KittyPlaceholders.imageID(forPicture: 255) == 255)
        #expect(KittyPlaceholders.imageID(forPicture: 256) == 1 << 24 | 1)
        #expect(KittyPlaceholders.imageID(forPicture: 65_280) == 255 << 24 | 255)
        #expect(KittyPlaceholders.imageID(forPicture: 65_281) == 1)
        #expect(KittyPlaceholders.colorIndex(255 << 24 | 37) == 37)
        #expect(KittyPlaceholders.maximumCells == 297)
    }

    @Test("a row is U+10EEEE per cell with the row's and the column's marks, and the id's high byte as a third")
    func rows() {
        #expect(
            KittyPlaceholders.row(0, columns: 3, imageID: 7)
                == "\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{10EEEE}\u{0305}\u{030E}")
        #expect(KittyPlaceholders.row(1, columns: 1, imageID: 2 << 24 | 9) == "\u{10EEEE}\u{030D}\u{0305}\u{030E}")
        // The last mark numbers 296; beyond it there is none.
        #expect(KittyPlaceholders.row(296, columns: 1, imageID: 1) == "\u{10EEEE}\u{1D244}\u{0305}")
        #expect(KittyPlaceholders.row(297, columns: 1, imageID: 1) == nil)
        #expect(KittyPlaceholders.row(0, columns: 298, imageID: 1) == nil)
        // One cell of text to a terminal: the marks combine with the placeholder.
        #expect(KittyPlaceholders.row(4, columns: 5, imageID: 3)?.count == 5)
    }

    @Test("show's lines: each row in the image's colour, reset after it")
    func lines() {
        let text = String(decoding: KittyPlaceholders.lines(columns: 2, rows: 2, imageID: 12), as: UTF8.self)
        #expect(
            text
                == "\u{1B}[38;5;12m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m\n"
                + "\u{1B}[38;5;12m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}\u{1B}[39m\n")
    }

    @Test("the upload: the pixels stored under the id, then a virtual placement of the cells")
    func upload() {
        let image = RGBImage(width: 1, height: 1, pixels: [255, 0, 0])
        let text = String(decoding: KittyPlaceholders.upload(image, imageID: 5, columns: 4, rows: 2), as: UTF8.self)
        let png = Data(PNGEncoder.encode(image) ?? []).base64EncodedString()
        #expect(text == "\u{1B}_Ga=t,f=100,i=5,q=2,m=0;\(png)\u{1B}\\\u{1B}_Ga=p,U=1,i=5,c=4,r=2,q=2\u{1B}\\")
    }

    @Test("passthrough wraps each sequence on its own and doubles every ESC inside")
    func passthrough() {
        let two = Array("\u{1B}_Ga=t;AAAA\u{1B}\\\u{1B}_Ga=p\u{1B}\\".utf8)
        let wrapped = String(decoding: TmuxPassthrough.wrapEach(two), as: UTF8.self)
        #expect(
            wrapped
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t;AAAA\u{1B}\u{1B}\\\u{1B}\\" + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p\u{1B}\u{1B}\\\u{1B}\\")
        // Bytes after the last ST still travel, wrapped.
        #expect(String(decoding: TmuxPassthrough.wrapEach(Array("x".utf8)), as: UTF8.self) == "\u{1B}Ptmux;x\u{1B}\\")
        #expect(TmuxPassthrough.wrapEach([]) == [])
    }
}
