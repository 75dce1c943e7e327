import PhotoramaImages
import Testing

@Suite("DrawnPicture.draw: the one pipeline from decoded pixels to cells or protocol bytes")
struct DrawnPictureTests {
    let cell = PixelSize(width: 10, height: 20)
    let area = CellSize(columns: 80, rows: 40)
    let photo = TestImages.pattern(width: 1600, height: 1200)

    @Test("half blocks: fitted (80×30 for 4:3 in 80×40) and resampled in linear light, as CellRenderer draws them")
    func cells() throws {
        let drawn = try DrawnPicture.draw(photo, in: area, as: .halfBlocks(.truecolor), cell: cell, kitty: .display(id: 1))
        guard case .cells(let cells) = drawn else {
            Issue.record("not cells")
            return
        }
        #expect(cells == CellRenderer.render(photo, columns: 80, rows: 30, drawing: .halfBlocks(.truecolor)))
    }

    @Test("kitty for show: transmitted and displayed over the whole cells (a=T), pixels filling them exactly")
    func kittyDisplay() throws {
        let drawn = try DrawnPicture.draw(photo, in: area, as: .kitty, cell: cell, kitty: .display(id: 1))
        guard case .pixels(let picture) = drawn else {
            Issue.record("not pixels")
            return
        }
        #expect(picture.cells == CellSize(columns: 80, rows: 30))
        #expect(picture.image == Resampler.areaAverage(photo, to: PixelSize(width: 800, height: 600)))
        #expect(picture.encoded == KittyGraphics.transmitAndDisplay(image: picture.image, id: 1, columns: 80, rows: 30))
        #expect(picture.encoded.starts(with: Array("\u{1B}_Ga=T,f=100,i=1,c=80,r=30,q=2,m=".utf8)))
    }

    @Test("kitty for the browser: stored under its id (a=t), placed later")
    func kittyStore() throws {
        let drawn = try DrawnPicture.draw(photo, in: CellSize(columns: 30, rows: 40), as: .kitty, cell: cell, kitty: .store(id: 7))
        guard case .pixels(let picture) = drawn else {
            Issue.record("not pixels")
            return
        }
        // Width limits: 300 pixels, 225 high: 30 columns, 225/20 = 11.25 → 11 rows of 20.
        #expect(picture.cells == CellSize(columns: 30, rows: 11))
        #expect(picture.encoded.starts(with: Array("\u{1B}_Ga=t,f=100,i=7,q=2,m=".utf8)))
        var reader = KittyReader()
        reader.read(picture.encoded)
        #expect(reader.errors == [])
        #expect(reader.images[7] == picture.image)
    }

    @Test("kitty: a picture smaller than its cells goes at its own size (kitty scales the placement); sixel fills them")
    func kittySendsSmallPicturesAtTheirOwnSize() throws {
        let small = TestImages.pattern(width: 160, height: 120)
        guard case .pixels(let kitty) = try DrawnPicture.draw(small, in: area, as: .kitty, cell: cell, kitty: .store(id: 3)) else {
            Issue.record("not pixels")
            return
        }
        #expect(kitty.cells == CellSize(columns: 80, rows: 30))
        #expect(kitty.image == small)
        #expect(kitty.encoded == KittyGraphics.transmit(id: 3, image: small))
        guard case .pixels(let sixel) = try DrawnPicture.draw(small, in: area, as: .sixel, cell: cell, kitty: .store(id: 3)) else {
            Issue.record("not pixels")
            return
        }
        #expect(sixel.image.size == PixelSize(width: 800, height: 600))
    }

    @Test("sixel: libsixel's sequence for the pixels that fill the cells")
    func sixel() throws {
        let drawn = try DrawnPicture.draw(photo, in: area, as: .sixel, cell: cell, kitty: .display(id: 1))
        guard case .pixels(let picture) = drawn else {
            Issue.record("not pixels")
            return
        }
        let expected = try SixelEncoder.encode(Resampler.areaAverage(photo, to: PixelSize(width: 800, height: 600)))
        #expect(picture.encoded == expected)
        #expect(String(decoding: picture.encoded, as: UTF8.self).contains("\"1;1;800;600"))
    }

    @Test("an empty area: no cells, and for a protocol the one line a failure is")
    func empty() throws {
        let none = CellSize(columns: 0, rows: 10)
        let drawn = try DrawnPicture.draw(photo, in: none, as: .ascii, cell: cell, kitty: .display(id: 1))
        guard case .cells(let cells) = drawn else {
            Issue.record("not cells")
            return
        }
        #expect(cells == CellImage(columns: 0, rows: 0, cells: []))
        #expect(throws: ImageFailure(message: "image has no pixels")) {
            try DrawnPicture.draw(photo, in: none, as: .sixel, cell: cell, kitty: .display(id: 1))
        }
    }
}
