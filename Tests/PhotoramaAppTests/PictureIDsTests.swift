import Foundation
import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// Kitty image ids: a picture drawn again for the same request keeps its id, so a terminal that still
/// holds it gets a placement instead of the pixels (`KittyPlacements` sends an id once).
@Suite("Picture ids: one per kitty request, new for every other picture")
struct PictureIDsTests {
    static let image = RGBImage(width: 4, height: 4, pixels: Array(repeating: 90, count: 48))

    static func request(_ name: String, _ drawing: ImageDrawing) throws -> ImageRequest {
        ImageRequest(url: try #require(URL(string: "http://127.0.0.1/\(name).jpg")), columns: 4, rows: 2, drawing: drawing)
    }

    static func id(_ result: Result<Picture, ImageFailure>) -> UInt32? {
        if case .success(.pixels(let pixels)) = result { pixels.id } else { nil }
    }

    @Test("kitty: the same request drawn again has the same id, another request another id")
    func kittyKeepsIDs() throws {
        let drawer = PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs())
        let a = try Self.request("a", .kitty)
        let b = try Self.request("b", .kitty)
        let first = try #require(Self.id(drawer.draw(Self.image, for: a)))
        let other = try #require(Self.id(drawer.draw(Self.image, for: b)))
        #expect(Self.id(drawer.draw(Self.image, for: a)) == first)
        #expect(other != first)
    }

    @Test("sixel and iTerm2 pictures get a new id each time (their caches go by id)")
    func othersGetNewIDs() throws {
        let drawer = PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs())
        for drawing in [ImageDrawing.sixel, .iterm2] {
            let request = try Self.request("a", drawing)
            let first = try #require(Self.id(drawer.draw(Self.image, for: request)))
            #expect(Self.id(drawer.draw(Self.image, for: request)) != first, "\(drawing)")
        }
    }

    @Test("beyond the requests it remembers the oldest is forgotten: a new id, never one in use")
    func forgetsTheOldest() throws {
        let ids = PictureIDs(remembered: 2)
        let a = try Self.request("a", .kitty)
        let b = try Self.request("b", .kitty)
        let c = try Self.request("c", .kitty)
        #expect([ids.id(for: a), ids.id(for: b), ids.id(for: c)] == [1, 2, 3])
        #expect(ids.id(for: c) == 3)
        #expect(ids.id(for: b) == 2)
        #expect(ids.id(for: a) == 4)
    }
}
