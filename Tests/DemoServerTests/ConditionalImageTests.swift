import DemoServer
import Foundation
import PhotoramaKit
import PhotoramaLocking
import TestProcesses
import Testing

/// Images carry Last-Modified beside ETag and Cache-Control, and the response cache revalidates a stale
/// image against the real server with a 304.
@Suite(.ownThread) struct ConditionalImageTests {
    @Test func lastModifiedAndIfModifiedSinceGive304() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1"), ("extras", "url_q")])
            ).json()
            let url = try #require(try recent.object("photos").array("photo").first).string("url_q")
            let first = try await Fetch.get(url)
            #expect(first.header("Last-Modified") == "Sun, 01 Nov 2026 00:00:00 GMT")
            #expect(first.header("Cache-Control") == "public, max-age=31536000, immutable")
            let notModified = try await Fetch.get(url, headers: [("If-Modified-Since", "Sun, 01 Nov 2026 00:00:00 GMT")])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
        }
    }

    @Test func aStaleCachedImageIsRevalidatedWith304() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1"), ("extras", "url_q")])
            ).json()
            let item = try #require(try recent.object("photos").array("photo").first)
            let url = try #require(URL(string: try item.string("url_q")))
            let seconds = Locked<Double>(1_800_000_000)
            let live = LiveTransport()
            let transport = CachingTransport(
                wrapping: live, store: DictionaryStore(), now: { Date(timeIntervalSince1970: seconds.withLock { $0 }) })
            let request = WebRequest(url: url, limits: .image)
            let original = try await transport.send(request)
            #expect(original.status == 200)
            #expect(original.header(CachingTransport.cacheHeader) == nil)
            seconds.withLock { $0 += 31 * 86400 }
            let revalidated = try await transport.send(request)
            #expect(revalidated.status == 200)
            #expect(revalidated.header(CachingTransport.cacheHeader) == "revalidated")
            #expect(revalidated.body == original.body)
            let fresh = try await transport.send(request)
            #expect(fresh.header(CachingTransport.cacheHeader) == "hit age=0s")
            await live.shutdown()
        }
    }
}

private final class DictionaryStore: ResponseStore {
    let entries = Locked<[String: CachedResponse]>([:])
    func lookup(_ key: String) async -> CachedResponse? { entries.withLock { $0[key] } }
    func store(_ key: String, _ response: CachedResponse) async { entries.withLock { $0[key] = response } }
    func refresh(_ key: String, storedAt: Date) async { entries.withLock { $0[key]?.storedAt = storedAt } }
    func remove(_ key: String) async { _ = entries.withLock { $0.removeValue(forKey: key) } }
    func countCall(keyHash: String, hourStart: Int) async -> Int { 0 }
    func callCount(keyHash: String, hourStart: Int) async -> Int { 0 }
}
