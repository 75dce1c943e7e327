import PhotoramaScreen
import Testing

@testable import PhotoramaImages
@testable import PhotoramaTerminal

/// A slow link's first look (issue 42, point 5) and sixel pictures dropped when superseded (point 4), on
/// `ProtocolPictures` and `DrainRate` alone: the bytes each frame's update brings, exactly.
@Suite struct SlowLinkPreviewTests {
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

    @Test func aPreviewGoesUnderThePicturesIdAtAQuarterOfItsPixelsInTheSameCellsAndTheFullPictureReplacesIt() {
        var pictures = ProtocolPictures(.kitty)
        let frame = Self.frame()
        let half = Resampler.areaAverage(Self.image(width: 40, height: 30, seed: 1), to: PixelSize(width: 20, height: 15))
        let preview = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false, preview: true)
        let previewHalf2 = Resampler.areaAverage(Self.image(width: 40, height: 30, seed: 2), to: PixelSize(width: 20, height: 15))
        #expect(preview.first == [])
        #expect(
            Self.kittyBytes(preview.pieces) == [
                Self.piece(
                    KittyGraphics.transmit(id: 7, image: half) + KittyGraphics.place(id: 7, placement: 1, at: frame.pictures[0].rect)),
                Self.piece(
                    KittyGraphics.transmit(id: 8, image: previewHalf2)
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

    @Test func aPreviewTheMakerMadeOffTheUIThreadIsSentAsItWasMadeAndEqualsTheOneTheScreenMakes() {
        let image = Self.image(width: 40, height: 30, seed: 1)
        let made = KittyPreview.make(id: 7, of: image)
        #expect(made?.image == Resampler.areaAverage(image, to: PixelSize(width: 20, height: 15)))
        #expect(
            made?.transmission == KittyGraphics.transmit(id: 7, image: Resampler.areaAverage(image, to: PixelSize(width: 20, height: 15))))
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

    /// A kitty piece's bytes: between save and restore cursor.
    static func piece(_ body: [UInt8]) -> [UInt8] {
        [0x1B, UInt8(ascii: "7")] + body + [0x1B, UInt8(ascii: "8")]
    }
}
