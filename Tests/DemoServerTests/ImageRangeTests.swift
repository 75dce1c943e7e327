import DemoServer
import Foundation
import TestProcesses
import Testing

/// Originals and byte ranges: what resuming a download needs from the demo server.
@Suite(.ownThread) struct ImageRangeTests {
    @Test func originalsAreListedAndRangesAnswer206() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1")])).json()
            let id = try recent.object("photos").array("photo")[0].string("id")
            let sizes = try await Fetch.get(server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", id)])).json().object("sizes")
                .array("size")
            let original = try #require(sizes.last)
            #expect(try original.string("label") == "Original")
            let source = try original.string("source")
            #expect(source.hasSuffix("_o.jpg"))
            let whole = try await Fetch.get(source)
            #expect(whole.status == 200)
            #expect(whole.header("Accept-Ranges") == "bytes")
            let length = whole.body.count

            let tail = try await Fetch.get(source, headers: [("Range", "bytes=100-")])
            #expect(tail.status == 206)
            #expect(tail.header("Content-Range") == "bytes 100-\(length - 1)/\(length)")
            #expect(tail.body == Array(whole.body[100...]))

            let middle = try await Fetch.get(source, headers: [("Range", "bytes=10-19")])
            #expect(middle.status == 206)
            #expect(middle.body == Array(whole.body[10...19]))

            let beyond = try await Fetch.get(source, headers: [("Range", "bytes=\(length)-")])
            #expect(beyond.status == 416)
            #expect(beyond.header("Content-Range") == "bytes */\(length)")
        }
    }
}
