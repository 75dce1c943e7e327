import Foundation
import PhotoramaImages
import Testing

@testable import DemoServer

/// The demo's animated GIFs (`DemoAnimation`): valid GIFs of 8 frames at 120 ms, looping forever, at every
/// size of an animated photo; the other photos stay JPEGs.
@Suite struct AnimatedImageTests {
    @Test func anAnimatedPhotoIsAGIFOfEightFramesAtEverySize() async throws {
        let catalog = DemoCatalog(seed: 1)
        let index = try #require(DemoAnimation.firstAnimatedPlace(in: catalog))
        try await withDemoServer { server in
            let sizes = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", catalog.photos[index].idString)])
            ).json().object("sizes").array("size")
            #expect(sizes.count > 3)
            for size in sizes {
                let image = try await Fetch.get(try size.string("source"))
                #expect(image.status == 200)
                #expect(image.header("Content-Type") == "image/gif")
                #expect(Array(image.body.prefix(6)) == Array("GIF89a".utf8))
                let animation = try ImageDecoder.animation(image.body)
                #expect(animation.frames.count == DemoAnimation.frameCount)
                #expect(animation.frames.map(\.delay) == Array(repeating: .milliseconds(120), count: 8))
                #expect(animation.loops == 0)
                let first = try #require(animation.frames.first?.image)
                #expect(max(first.width, first.height) <= DemoAnimation.maxEdge)
                // The square moves: every frame differs from the one before.
                for (before, after) in zip(animation.frames, animation.frames.dropFirst()) { #expect(before.image != after.image) }
            }
            // The same bytes every time.
            let source = try sizes[0].string("source")
            #expect(try await Fetch.get(source).body == (try await Fetch.get(source).body))
        }
    }
}
