import DemoServer
import Foundation
import Testing

/// The zoomed viewer needs a large original to fetch: photos of 6000×4000 serve theirs whole.
@Suite struct LargeOriginalTests {
    @Test func sixThousandByFourThousandPhotosServeTheirOriginalWhole() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "50"), ("extras", "o_dims")])
            ).json()
            let photos = try recent.object("photos").array("photo")
            let large = try #require(try photos.first { try $0.string("o_width") == "6000" && $0.string("o_height") == "4000" })
            let sizes = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", try large.string("id"))])
            ).json().object("sizes").array("size")
            let original = try #require(try sizes.first { try $0.string("label") == "Original" })
            #expect(try original.int("width") == 6000)
            #expect(try original.int("height") == 4000)
            let clock = ContinuousClock()
            let start = clock.now
            let image = try await Fetch.get(try original.string("source"))
            let first = clock.now - start
            let dimensions = try #require(ImageTests.baselineDimensions(image.body))
            #expect(dimensions.width == 6000 && dimensions.height == 4000)
            // Cached once rendered: the same bytes again.
            let again = try await Fetch.get(try original.string("source"))
            #expect(again.body == image.body)
            print("demo original 6000×4000: \(image.body.count) bytes, rendered and sent in \(first)")
            // Others keep originals of at most 3000 pixels.
            let other = try #require(try photos.first { try $0.string("o_width") != "6000" })
            let otherSizes = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", try other.string("id"))])
            ).json().object("sizes").array("size")
            let otherOriginal = try #require(try otherSizes.first { try $0.string("label") == "Original" })
            #expect(max(try otherOriginal.int("width"), try otherOriginal.int("height")) <= 3000)
        }
    }
}
