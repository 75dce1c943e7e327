import CMalloc
import DemoServer
import Foundation
import PhotoramaKit

/// `photorama-bench feed-memory`: what one photo of a feed costs in memory. The demo's Recent (1,000
/// photos, with the renditions the app asks Flickr's extras for) is loaded page by page through
/// `PhotoService` from a demo server of its own into a `FeedState`; malloc's bytes in use before and
/// after, divided by the photos held. Feeds keep every photo loaded, so this is what a long browse grows by.
enum FeedMemoryBenchmark {
    static func run(_ arguments: [String]) async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        var configuration = ServiceConfiguration(perPage: 100)
        configuration.flickrBaseURL = server.flickrURL
        configuration.flickrAPIKey = DemoAPIKeys.flickr
        let webservice = Webservice(transport: LiveTransport())
        let service = PhotoService(configuration: configuration, webservice: webservice)
        // The answers are fetched first and kept to the end; they are parsed between the two counts, so
        // connection buffers and bodies are not counted and every photo's strings are made inside.
        var answers: [(Resource<Page<Photo>>, WebResponse)] = []
        while true {
            let resource = try service.pageResource(.recent, page: answers.count + 1)
            let response = try await webservice.send(resource.request)
            answers.append((resource, response))
            guard try resource.parse(response).hasMore else { break }
        }
        let (feed, feedBytes) = try measured {
            var feed = FeedState()
            for (index, (resource, response)) in answers.enumerated() {
                _ = feed.beginNextPage()
                feed.receive(try resource.parse(response), requested: index + 1)
            }
            return feed
        }
        guard feed.count > 0 else { throw BenchmarkFailure("the demo server's Recent gave no photos") }
        let renditions = feed.photos.reduce(0) { $0 + $1.renditions.count }
        print(
            "a feed photo (demo Recent, \(TUIBenchmark.grouped(feed.count)) photos, \(renditions / feed.count) renditions each): \(feedBytes / feed.count) bytes (malloc in use)"
        )
        // The renditions alone, packed as photos keep them and as the separate values they were before.
        let packed = measured { feed.photos.map { PhotoRenditions(Array($0.renditions)) } }.bytes
        let separate = measured { feed.photos.map { Array($0.renditions) } }.bytes
        print(
            "renditions of a photo: packed \(packed / feed.count) bytes, as separate values \(separate / feed.count) bytes (malloc in use)")
        withExtendedLifetime((feed, answers)) {}
    }

    /// The value `make` returns and what it holds, in bytes of malloc in use.
    private static func measured<T>(_ make: () throws -> T) rethrows -> (value: T, bytes: Int) {
        let before = bytesInUse()
        let value = try make()
        return (value, bytesInUse() - before)
    }

    private static func bytesInUse() -> Int {
        var inUse = 0
        var free = 0
        var mapped = 0
        photorama_malloc_usage(&inUse, &free, &mapped)
        return inUse
    }
}
