import DemoServer
import Foundation
import Testing

/// Same seed → identical bytes; another seed → different answers.
@Suite struct DeterminismTests {
    static let requests: [[(String, String)]] = [
        [("method", "flickr.photos.getRecent"), ("per_page", "100"), ("extras", FlickrExtras.all)],
        [("method", "flickr.photos.search"), ("text", "night"), ("page", "2"), ("extras", FlickrExtras.all)],
        [("method", "flickr.photos.search"), ("lat", "40.7128"), ("lon", "-74.006"), ("radius", "3"), ("extras", "geo")],
        [("method", "flickr.photos.search"), ("text", "market"), ("format", "rest")],
    ]

    enum FlickrExtras {
        static let all =
            "description,license,date_upload,date_taken,owner_name,icon_server,original_format,last_update,geo,tags,o_dims,views,media,path_alias,url_sq,url_q,url_t,url_s,url_n,url_m,url_z,url_c,url_l,url_h"
    }

    /// Bodies with this server's port masked, since two servers never share a port.
    static func snapshot(_ server: RunningDemoServer) async throws -> [String] {
        var bodies: [String] = []
        for request in requests {
            bodies.append(try await Fetch.get(server.flickr(request)).text.replacingOccurrences(of: ":\(server.port)/", with: ":PORT/"))
        }
        bodies.append(
            try await Fetch.get(server.px500URL.absoluteString + "/photos?rpp=100&consumer_key=k").text.replacingOccurrences(
                of: ":\(server.port)/", with: ":PORT/"))
        return bodies
    }

    static func firstImage(_ server: RunningDemoServer) async throws -> [UInt8] {
        let recent = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1"), ("extras", "url_c")]))
            .json()
        return try await Fetch.get(try #require(try recent.object("photos").array("photo").first).string("url_c")).body
    }

    @Test func sameSeedGivesIdenticalBytes() async throws {
        let (firstLists, firstImage) = try await withDemoServer(seed: 42) { try await (Self.snapshot($0), Self.firstImage($0)) }
        let (secondLists, secondImage) = try await withDemoServer(seed: 42) { try await (Self.snapshot($0), Self.firstImage($0)) }
        #expect(firstLists == secondLists)
        #expect(firstImage == secondImage)
        #expect(firstLists.allSatisfy { $0.count > 500 })
    }

    @Test func differentSeedGivesDifferentAnswers() async throws {
        let (one, oneImage) = try await withDemoServer(seed: 1) { try await (Self.snapshot($0), Self.firstImage($0)) }
        let (two, twoImage) = try await withDemoServer(seed: 2) { try await (Self.snapshot($0), Self.firstImage($0)) }
        for (a, b) in zip(one, two) { #expect(a != b) }
        #expect(oneImage != twoImage)
    }
}
