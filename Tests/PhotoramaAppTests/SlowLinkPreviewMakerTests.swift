import Foundation
import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaApp
@testable import PhotoramaTerminal

/// A slow link's first look made by the picture maker, off the UI thread (issue 42, point 5): while the
/// screen finds the link slow (`SlowLinkSignal`), a kitty picture for the stream comes with its preview,
/// exactly what the screen would make (`KittyPreview.make`); otherwise, and in other modes, without.
@Suite struct SlowLinkPreviewMakerTests {
    static func image(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 * 13 + $0 / 97) })
    }

    static func picture(_ drawer: PictureDrawer, _ drawing: ImageDrawing) throws -> PixelPicture {
        var request = ImageRequest(url: try #require(URL(string: "http://127.0.0.1/a.jpg")), columns: 8, rows: 4, drawing: drawing)
        request.cell = PixelSize(width: 10, height: 20)
        guard case .success(.pixels(let picture)) = drawer.draw(Self.image(width: 64, height: 48), for: request) else {
            Issue.record("no pixel picture")
            throw CancellationError()
        }
        return picture
    }

    @Test func kittyPicturesComeWithTheirFirstLookOnlyWhileTheScreenFindsTheLinkSlow() throws {
        let signal = SlowLinkSignal()
        let drawer = PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs(), slowLink: signal)
        let fast = try Self.picture(drawer, .kitty)
        #expect(fast.kittyPreview == nil)
        signal.set(true)
        let slow = try Self.picture(drawer, .kitty)
        #expect(slow.image.size == PixelSize(width: 64, height: 48))
        let preview = try #require(slow.kittyPreview)
        #expect(preview == KittyPreview.make(id: slow.id, of: slow.image))
        #expect(preview.image.size == PixelSize(width: 32, height: 24))
        #expect(try Self.picture(drawer, .sixel).kittyPreview == nil)
        // Pictures kitty reads by name never go as previews: none is made.
        let byName = PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs(), kittyStream: false, slowLink: signal)
        #expect(try Self.picture(byName, .kitty).kittyPreview == nil)
        signal.set(false)
        #expect(try Self.picture(drawer, .kitty).kittyPreview == nil)
    }
}
