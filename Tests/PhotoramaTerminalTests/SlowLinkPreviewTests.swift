import PhotoramaScreen
import Testing

@testable import PhotoramaImages
@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A slow link's first look (issue 42, point 5) and sixel pictures dropped when superseded (point 4), on
/// `ProtocolPictures` and `DrainRate` alone: the bytes each frame's update brings, exactly.
@Suite(.serialized) struct SlowLinkPreviewTests {
    init() {
        // wcwidth only knows non-ASCII widths in a UTF-8 locale, as the real program sets up: the cells'
        // half blocks would be written as "?" without it.
        setlocale(LC_ALL, "C.UTF-8")
    }

    static func image(width: Int, height: Int, seed: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + seed * 31) })
    }

    /// Two pictures of 40×30 pixels (one of 10×10, too small for a preview) side by side.
    static func frame(small: Bool = false) -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 12))
        let first = Rect(row: 1, column: 1, width: 8, height: 4)
        let second = Rect(row: 1, column: 20, width: 8, height: 4)
        frame.fill(first, style: .plain)
        frame.fill(second, style: .plain)
        frame.pictures = [
            FramePicture(rect: first, picture: PixelPicture(id: 7, columns: 8, rows: 4, image: image(width: 40, height: 30, seed: 1))),
            FramePicture(
                rect: second,
                picture: PixelPicture(
                    id: 8, columns: 8, rows: 4, image: small ? image(width: 10, height: 10, seed: 2) : image(width: 40, height: 30, seed: 2)
                )),
        ]
        return frame
    }

    static let visible = CellSize(columns: 40, rows: 12)

    static func kittyBytes(_ pieces: [PicturePiece]) -> [[UInt8]] { pieces.map(\.bytes) }

    /// A preview's transmission: the picture at half its width and height, in 64 colours, as a palette PNG.
    static func previewTransmission(id: UInt32, of image: RGBImage) throws -> [UInt8] {
        let half = Resampler.areaAverage(image, to: PixelSize(width: (image.width + 1) / 2, height: (image.height + 1) / 2))
        let palette = try #require(PalettePicture.quantize(half, colors: 64))
        return KittyGraphics.transmit(id: id, png: try #require(PNGEncoder.encode(palette)))
    }

    @Test func aPreviewGoesUnderThePicturesIdAtAQuarterOfItsPixelsInTheSameCellsAndTheFullPictureReplacesIt() throws {
        var pictures = ProtocolPictures(.kitty)
        let frame = Self.frame()
        let preview = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false, preview: true)
        #expect(preview.first == [])
        #expect(
            Self.kittyBytes(preview.pieces) == [
                Self.piece(
                    try Self.previewTransmission(id: 7, of: frame.pictures[0].picture.image)
                        + KittyGraphics.place(id: 7, placement: 1, at: frame.pictures[0].rect)),
                Self.piece(
                    try Self.previewTransmission(id: 8, of: frame.pictures[1].picture.image)
                        + KittyGraphics.place(id: 8, placement: 1, at: frame.pictures[1].rect)),
            ])
        #expect(pictures.showsPreviews)
        // Still moving: the previews stay, nothing is sent again.
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false, preview: true).pieces == [])
        // At rest: the full pictures under the same ids, placed again in the same cells.
        let full = pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false)
        #expect(
            Self.kittyBytes(full.pieces) == [
                Self.piece(
                    KittyGraphics.transmit(id: 7, image: frame.pictures[0].picture.image)
                        + KittyGraphics.place(id: 7, placement: 1, at: frame.pictures[0].rect)),
                Self.piece(
                    KittyGraphics.transmit(id: 8, image: frame.pictures[1].picture.image)
                        + KittyGraphics.place(id: 8, placement: 1, at: frame.pictures[1].rect)),
            ])
        #expect(!pictures.showsPreviews)
        // Moving again over pictures the terminal holds whole: they stay whole.
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false, preview: true).pieces == [])
    }

    @Test func aPictureTooSmallForAPreviewGoesWholeAndAnUnwrittenPreviewIsSentAgain() {
        var pictures = ProtocolPictures(.kitty)
        let frame = Self.frame(small: true)
        let first = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false, preview: true)
        #expect(first.pieces.count == 2)
        #expect(
            first.pieces[1].bytes
                == Self.piece(
                    KittyGraphics.transmit(id: 8, image: frame.pictures[1].picture.image)
                        + KittyGraphics.place(id: 8, placement: 1, at: frame.pictures[1].rect)))
        // Neither reached the terminal: the next frame sends both again, the same way.
        pictures.unwritten(first.pieces)
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false, preview: true).pieces == first.pieces)
    }

    @Test func sixelPicturesArePiecesAndOneDroppedUnwrittenIsPaintedAgainOrItsCellsWrittenAsText() throws {
        var pictures = ProtocolPictures(.sixel)
        let frame = Self.frame()
        let first = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: true)
        #expect(first.first == [])
        #expect(first.pieces.map { piece -> UInt32? in if case .painted(let id, _, _) = piece { id } else { nil } } == [7, 8])
        let sixel7 = try SixelEncoder.encode(frame.pictures[0].picture.image)
        #expect(first.pieces[0].bytes == SixelRegions.bytes(sixel7, at: frame.pictures[0].rect))
        // The same frame again: nothing to paint.
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false).pieces == [])
        // The second paint never reached the terminal: the next frame paints it again, and only it.
        let again = pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false)
        #expect(again.pieces == [])
        pictures.unwritten([first.pieces[1]])
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false).pieces == [first.pieces[1]])
        // Dropped again, and the next frame no longer shows it: its cells are written again as text.
        pictures.unwritten([first.pieces[1]])
        var without = frame
        without.pictures.removeLast()
        let gone = pictures.update(frame: without, previous: frame, visible: Self.visible, full: false)
        #expect(gone.pieces == [])
        #expect(gone.first == TextCells.output(frame: without, rects: [frame.pictures[1].rect], visible: Self.visible))
    }

    @Test func theDrainRateIsMeasuredOnlyOverAFullSampleAndSaysSlowBelow32Mbit() {
        var rate = DrainRate()
        #expect(rate.bytesPerSecond == nil)
        #expect(!rate.isSlow)
        // About 10 Mbit/s: waits of 1/32 s that took 40,000 bytes each (times a binary fraction, so exact).
        rate.drained(40_000, in: .microseconds(31_250))
        #expect(rate.bytesPerSecond == nil)
        rate.drained(40_000, in: .microseconds(31_250))
        #expect(rate.bytesPerSecond == 1_280_000)
        #expect(rate.isSlow)
        // A wait that took no time says nothing; one in which nothing was taken counts (bursts).
        rate.drained(10, in: .zero)
        #expect(rate.bytesPerSecond == 1_280_000)
        rate.drained(0, in: .microseconds(15_625))
        // 131,072 bytes in 1/32 s with the empty wait: about 34 Mbit/s, a new sample that replaces the last.
        rate.drained(131_072, in: .microseconds(15_625))
        #expect(rate.bytesPerSecond == 4_194_304)
        #expect(!rate.isSlow)
    }

    @Test func aPreviewTheMakerMadeOffTheUIThreadIsSentAsItWasMadeAndEqualsTheOneTheScreenMakes() throws {
        let image = Self.image(width: 40, height: 30, seed: 1)
        let made = KittyPreview.make(id: 7, of: image)
        let palette = try #require(PalettePicture.quantize(Resampler.areaAverage(image, to: PixelSize(width: 20, height: 15)), colors: 64))
        #expect(made?.image == palette.image)
        #expect(made?.transmission == (try Self.previewTransmission(id: 7, of: image)))
        #expect(KittyPreview.make(id: 8, of: Self.image(width: 15, height: 30, seed: 2)) == nil)
        // The screen takes a premade preview as it is: here one of other pixels, so its bytes tell.
        let other = Self.image(width: 20, height: 15, seed: 5)
        let premade = KittyPreview(image: other, transmission: KittyGraphics.transmit(id: 7, image: other))
        var frame = Self.frame()
        let rect = frame.pictures[0].rect
        frame.pictures[0] = FramePicture(rect: rect, picture: PixelPicture(id: 7, columns: 8, rows: 4, image: image, kittyPreview: premade))
        var pictures = ProtocolPictures(.kitty)
        let update = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false, preview: true)
        #expect(update.pieces.first?.bytes == Self.piece(premade.transmission + KittyGraphics.place(id: 7, placement: 1, at: rect)))
        #expect(pictures.showsPreviews)
        // Not previewing (a fast link): the full picture, whatever the maker made.
        var fast = ProtocolPictures(.kitty)
        let whole = fast.update(frame: frame, previous: nil, visible: Self.visible, full: false, preview: false)
        #expect(
            whole.pieces.first?.bytes
                == Self.piece(KittyGraphics.transmit(id: 7, image: image) + KittyGraphics.place(id: 7, placement: 1, at: rect)))
    }

    /// Two sixel pictures of one colour each, entries 24 and 208 of the 256-colour cube (so their
    /// half-block cells are known), as `frame`'s.
    static func solidFrame() -> Frame {
        var frame = Self.frame()
        let colours: [[UInt8]] = [[0, 95, 135], [255, 135, 0]]
        frame.pictures = frame.pictures.enumerated().map { index, shown in
            let image = RGBImage(width: 40, height: 30, pixels: Array((0..<(40 * 30)).map { _ in colours[index] }.joined()))
            return FramePicture(rect: shown.rect, picture: PixelPicture(id: shown.picture.id, columns: 8, rows: 4, image: image))
        }
        return frame
    }

    /// The bytes that write `rect`'s rows, each `cell` (after its SGR, once a row) eight times.
    static func rows(_ rect: Rect, sgr: String, cell: String) -> [UInt8] {
        var text = "\u{1B}7"
        for row in rect.row..<(rect.row + rect.height) {
            text += "\u{1B}[\(row + 1);\(rect.column + 1)H\u{1B}[\(sgr)m" + String(repeating: cell, count: rect.width)
        }
        return Array((text + "\u{1B}8").utf8)
    }

    @Test func onASlowLinkASixelPictureGoesFirstAsHalfBlockCellsAndAtRestItsSixelOverTheFramesOwnBlankCells() throws {
        var pictures = ProtocolPictures(.sixel)
        let frame = Self.solidFrame()
        let (first, second) = (frame.pictures[0].rect, frame.pictures[1].rect)
        let look = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: true, preview: true)
        #expect(look.first == [])
        #expect(
            look.pieces == [
                .painted(id: 7, rect: first, bytes: Self.rows(first, sgr: "0;38;5;24;48;5;24", cell: "▀")),
                .painted(id: 8, rect: second, bytes: Self.rows(second, sgr: "0;38;5;208;48;5;208", cell: "▀")),
            ])
        #expect(pictures.showsPreviews)
        // Still moving: the cells stay, nothing is written again.
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false, preview: true).pieces == [])
        // At rest: each sixel, after the frame's own cells (blanks) where its preview was.
        let rest = pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false)
        let sixels = try frame.pictures.map { try SixelEncoder.encode($0.picture.image) }
        #expect(rest.first == [])
        #expect(
            rest.pieces == [
                .painted(id: 7, rect: first, bytes: Self.rows(first, sgr: "0", cell: " ") + SixelRegions.bytes(sixels[0], at: first)),
                .painted(id: 8, rect: second, bytes: Self.rows(second, sgr: "0", cell: " ") + SixelRegions.bytes(sixels[1], at: second)),
            ])
        #expect(!pictures.showsPreviews)
        // Moving again over sixels on the terminal: they stay.
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false, preview: true).pieces == [])
    }

    @Test func onAFastLinkOrInITerm2ModeTheSixelOrImageGoesDirectly() throws {
        let frame = Self.solidFrame()
        let rect = frame.pictures[0].rect
        var fast = ProtocolPictures(.sixel)
        let direct = fast.update(frame: frame, previous: nil, visible: Self.visible, full: true, preview: false)
        let sixel = try SixelEncoder.encode(frame.pictures[0].picture.image)
        #expect(direct.pieces.first == .painted(id: 7, rect: rect, bytes: SixelRegions.bytes(sixel, at: rect)))
        #expect(!fast.showsPreviews)
        var iterm = ProtocolPictures(.iterm2)
        let image = try ITermImages.encode(frame.pictures[0].picture.image, columns: 8, rows: 4)
        let slow = iterm.update(frame: frame, previous: nil, visible: Self.visible, full: true, preview: true)
        #expect(slow.pieces.first == .painted(id: 7, rect: rect, bytes: SixelRegions.bytes(image, at: rect)))
        #expect(!iterm.showsPreviews)
    }

    @Test func aDroppedSixelGivesBackItsPreviewAndAPreviewWhosePictureLeavesIsWrittenOverAsText() throws {
        var pictures = ProtocolPictures(.sixel)
        let frame = Self.solidFrame()
        let (first, second) = (frame.pictures[0].rect, frame.pictures[1].rect)
        let look = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: true, preview: true)
        let rest = pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false)
        // The second sixel never reached the terminal: its preview still shows, and the next rest paints it
        // again over blanks, alone.
        pictures.unwritten([rest.pieces[1]])
        #expect(pictures.showsPreviews)
        #expect(pictures.update(frame: frame, previous: frame, visible: Self.visible, full: false).pieces == [rest.pieces[1]])
        #expect(!pictures.showsPreviews)
        // A new screen while moving: the first picture leaves (its cells written as the frame's text), the
        // second moves (its old cells written as text, its preview at the new place).
        var next = frame
        next.pictures = [FramePicture(rect: Rect(row: 6, column: 20, width: 8, height: 4), picture: frame.pictures[1].picture)]
        next.fill(next.pictures[0].rect, style: .plain)
        let moved = pictures.update(frame: next, previous: frame, visible: Self.visible, full: false, preview: true)
        #expect(moved.first == TextCells.output(frame: next, rects: [first, second], visible: Self.visible))
        #expect(
            moved.pieces == [
                .painted(
                    id: 8, rect: next.pictures[0].rect,
                    bytes: Self.rows(next.pictures[0].rect, sgr: "0;38;5;208;48;5;208", cell: "▀"))
            ])
        #expect(look.pieces.count == 2)
        // Leaving: nothing of either stays a preview.
        var empty = next
        empty.pictures = []
        let gone = pictures.update(frame: empty, previous: next, visible: Self.visible, full: false, preview: true)
        #expect(gone.first == TextCells.output(frame: empty, rects: [next.pictures[0].rect], visible: Self.visible))
        #expect(gone.pieces == [])
        #expect(!pictures.showsPreviews)
    }

    /// A kitty piece's bytes: between save and restore cursor.
    static func piece(_ body: [UInt8]) -> [UInt8] {
        [0x1B, UInt8(ascii: "7")] + body + [0x1B, UInt8(ascii: "8")]
    }
}
