import PhotoramaScreen
import Testing

@testable import PhotoramaImages
@testable import PhotoramaTerminal

/// Kitty pictures sent ahead of need (issue 42, point 5): `ProtocolPictures.ahead` sends the frame's
/// `ahead` pictures the terminal lacks as transmissions alone, and the frame that shows them then only
/// places them; exactly the bytes, on `ProtocolPictures` alone.
@Suite struct KittyAheadTests {
    /// A frame showing picture 7, with 8 and 9 ahead (9 without the maker's transmission).
    static func frame() -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 12))
        let shown = Rect(row: 1, column: 1, width: 8, height: 4)
        frame.fill(shown, style: .plain)
        frame.pictures = [FramePicture(rect: shown, picture: picture(7))]
        frame.ahead = [picture(8, encoded: true), picture(9)]
        return frame
    }

    static func picture(_ id: UInt32, encoded: Bool = false) -> PixelPicture {
        let image = SlowLinkPreviewTests.image(width: 40, height: 30, seed: Int(id))
        return PixelPicture(
            id: id, columns: 8, rows: 4, image: image, encoded: encoded ? KittyGraphics.transmit(id: id, image: image) + [0x20] : nil)
    }

    static let visible = CellSize(columns: 40, rows: 12)

    @Test func picturesAheadGoAsTransmissionsAloneAndTheFrameShowingThemOnlyPlacesThem() {
        var pictures = ProtocolPictures(.kitty)
        let frame = Self.frame()
        let shown = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false)
        #expect(shown.pieces.count == 1)
        let ahead = pictures.ahead(frame)
        // The maker's transmission as it made it (the trailing space marks it), the other encoded here.
        #expect(
            ahead.map(\.bytes) == [
                SlowLinkPreviewTests.piece(frame.ahead[0].encoded ?? []),
                SlowLinkPreviewTests.piece(KittyGraphics.transmit(id: 9, image: frame.ahead[1].image)),
            ])
        #expect(ahead.allSatisfy { $0.isAhead })
        #expect(!shown.pieces[0].isAhead)
        // Held now: nothing goes ahead again.
        #expect(pictures.ahead(frame).isEmpty)
        // The next page shows 8 and 9 where 7 was and beside it: 7's placement goes, 8 and 9 are placed only.
        var next = Frame(size: CellSize(columns: 40, rows: 12))
        let left = Rect(row: 1, column: 1, width: 8, height: 4)
        let right = Rect(row: 1, column: 20, width: 8, height: 4)
        next.pictures = [FramePicture(rect: left, picture: frame.ahead[0]), FramePicture(rect: right, picture: frame.ahead[1])]
        let page = pictures.update(frame: next, previous: frame, visible: Self.visible, full: false)
        #expect(page.first == SlowLinkPreviewTests.piece(KittyGraphics.deletePlacement(id: 7, placement: 1)))
        #expect(
            page.pieces.map(\.bytes) == [
                SlowLinkPreviewTests.piece(KittyGraphics.place(id: 8, placement: 1, at: left)),
                SlowLinkPreviewTests.piece(KittyGraphics.place(id: 9, placement: 1, at: right)),
            ])
    }

    @Test func aPictureSentAheadThatNeverReachedTheTerminalGoesAgainAndIsTransmittedWithItsPlacement() {
        var pictures = ProtocolPictures(.kitty)
        let frame = Self.frame()
        _ = pictures.update(frame: frame, previous: nil, visible: Self.visible, full: false)
        let ahead = pictures.ahead(frame)
        pictures.unwritten([ahead[1]])
        #expect(pictures.ahead(frame).map(\.bytes) == [ahead[1].bytes])
        pictures.unwritten([ahead[1]])
        var next = Frame(size: CellSize(columns: 40, rows: 12))
        let rect = Rect(row: 1, column: 1, width: 8, height: 4)
        next.pictures = [FramePicture(rect: rect, picture: frame.ahead[1])]
        let page = pictures.update(frame: next, previous: frame, visible: Self.visible, full: false)
        #expect(
            page.pieces.map(\.bytes) == [
                SlowLinkPreviewTests.piece(
                    KittyGraphics.transmit(id: 9, image: frame.ahead[1].image) + KittyGraphics.place(id: 9, placement: 1, at: rect))
            ])
    }

    @Test func nothingGoesAheadInSixelITermOrPlaceholderModeNorWhenKittyReadsPixelsByName() {
        for kind in [PictureProtocol.sixel, .iterm2, .kittyPlaceholders] {
            var pictures = ProtocolPictures(kind)
            _ = pictures.update(frame: Self.frame(), previous: nil, visible: Self.visible, full: false)
            #expect(pictures.ahead(Self.frame()).isEmpty, "\(kind)")
        }
        var local = ProtocolPictures(.kitty, handoff: KittyHandoff(medium: .sharedMemory, environment: [:]))
        #expect(local.ahead(Self.frame()).isEmpty)
    }
}
