import DemoServer
import Foundation
import PhotoramaKit
import PhotoramaStore

/// `photorama-bench cache`: the response cache through the same code path the app uses (Webservice →
/// CachingTransport → SQLite and files in a temporary folder → LiveTransport → the embedded demo server):
/// - browse 5,000 photos of Recent (50 pages of 100) with the 150×150 thumbnail of each, then the cache's
///   size on disk;
/// - a page answered from the cache (lookup + parse, median), an image answered from the cache (median),
///   and the bare store lookups beneath them.
enum CacheBenchmark {
    // MARK: - The benchmark
    static func run(_ arguments: [String]) async throws {
        let photos = Int(arguments.first ?? "") ?? 5_000
        let folder = NSTemporaryDirectory() + "photorama-bench-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        let live = LiveTransport()
        let cache = try SQLiteResponseCache(folder: CacheFolder(path: folder + "/photorama"))
        let transport = CachingTransport(wrapping: live, store: cache)
        let webservice = Webservice(transport: transport)
        var configuration = ServiceConfiguration(perPage: 100)
        configuration.flickrBaseURL = server.flickrURL
        configuration.flickrAPIKey = DemoAPIKeys.flickr
        let service = PhotoService(configuration: configuration, webservice: webservice)
        let clock = ContinuousClock()

        // The demo's Recent holds 1,000 photos: the rest come from searches, as a user browsing would.
        let sources: [PhotoSource] =
            [.recent]
            + [
                "night", "harbor", "market", "street", "train", "beach", "garden", "river",
                "bridge", "boat", "rain", "morning", "quiet", "late", "horizon", "city", "park", "snow",
            ].map { .search(text: $0) }
        var loaded: [(PhotoSource, Int)] = []
        var seen = Set<String>()
        var thumbnails: [URL] = []
        let started = clock.now
        sourcesLoop: for source in sources {
            var page = 1
            while thumbnails.count < photos {
                let answer = try await service.page(source, page: page)
                loaded.append((source, page))
                for photo in answer.items where seen.insert(photo.id).inserted && thumbnails.count < photos {
                    guard let image = photo.images.first(where: { $0.size == .square150 }) ?? photo.images.first else { continue }
                    _ = try await webservice.load(.data(WebRequest(url: image.url, limits: .image)))
                    thumbnails.append(image.url)
                }
                guard answer.hasMore else { continue sourcesLoop }
                page += 1
            }
            break
        }
        guard thumbnails.count == photos else { throw BenchmarkFailure("the demo server offered only \(thumbnails.count) photos") }
        let pages = loaded.count
        let browsing = clock.now - started
        let statistics = cache.statistics()
        print(
            "browse \(TUIBenchmark.grouped(thumbnails.count)) photos with thumbnails (\(pages) pages of up to 100) through the cache: \(String(format: "%.1f", seconds(browsing))) s; on disk \(String(format: "%.1f", Double(statistics.bytes) / 1_048_576)) MB (\(statistics.answers) answers, \(statistics.images) images)"
        )

        var pageSamples: [Duration] = []
        var imageSamples: [Duration] = []
        var pageLookups: [Duration] = []
        var imageLookups: [Duration] = []
        var parses: [Duration] = []
        for index in 0..<300 {
            let (source, page) = loaded[index % pages]
            var start = clock.now
            // preferCache: Recent stays fresh only 2 minutes, and browsing may have taken longer.
            let answer = try await CacheContext.$mode.withValue(.preferCache) { try await service.page(source, page: page) }
            pageSamples.append(clock.now - start)
            guard !answer.items.isEmpty else { throw BenchmarkFailure("page \(page) came back empty") }
            let url = thumbnails[(index * 37) % thumbnails.count]
            start = clock.now
            let response = try await transport.send(WebRequest(url: url, limits: .image))
            imageSamples.append(clock.now - start)
            guard response.header(CachingTransport.cacheHeader)?.hasPrefix("hit") == true else {
                throw BenchmarkFailure("an image was not answered from the cache")
            }
            let pageKey = CacheKey.of(try service.pageResource(source, page: page).request)
            start = clock.now
            let stored = await cache.lookup(pageKey)
            pageLookups.append(clock.now - start)
            if let stored {
                // The parse alone, the part of a page load that is not the cache's.
                let resource = try service.pageResource(source, page: page)
                start = clock.now
                _ = try resource.parse(
                    WebResponse(status: stored.status, headers: stored.headers.map { (name: $0.name, value: $0.value) }, body: stored.body))
                parses.append(clock.now - start)
            }
            start = clock.now
            _ = await cache.lookup(CacheKey.of(WebRequest(url: url, limits: .image)))
            imageLookups.append(clock.now - start)
        }
        print(
            "page of up to 100 from the cache (Webservice.load: lookup + parse): median \(micro(pageSamples)) µs; store lookup alone \(micro(pageLookups)) µs; parse alone \(micro(parses)) µs"
        )
        print(
            "150×150 thumbnail from the cache (transport.send): median \(micro(imageSamples)) µs; store lookup alone \(micro(imageLookups)) µs"
        )
        for perPage in [100, 500] {
            try await compareReadings(perPage: perPage, server: server, transport: transport)
        }
        try await compareFiveHundredPxReadings(server: server, transport: transport)
        await live.shutdown()
        await server.stop()
    }

    // MARK: - Reading the same answers both ways
    /// One Recent page of `perPage` read straight from the bytes (what the app does) and through the JSON
    /// tree (the reference), interleaved on the same body: medians, bytes per µs and the ratio.
    static func compareReadings(perPage: Int, server: RunningDemoServer, transport: some Transport) async throws {
        var api = FlickrAPI(baseURL: server.flickrURL, apiKey: DemoAPIKeys.flickr, perPage: perPage)
        let bytes = try api.recent()
        api.listReading = .tree
        try await compare(
            "a page", bytes: bytes, tree: try api.recent(), rounds: perPage <= 100 ? 200 : 50, transport: transport
        ) {
            $0 == perPage
        }
    }

    /// A 500px popular page read from the bytes and through the tree, as `compareReadings`.
    static func compareFiveHundredPxReadings(server: RunningDemoServer, transport: some Transport) async throws {
        var api = FiveHundredPxAPI(baseURL: server.px500URL, consumerKey: DemoAPIKeys.px500)
        let bytes = try api.popular()
        api.listReading = .tree
        try await compare("a 500px popular page", bytes: bytes, tree: try api.popular(), rounds: 200, transport: transport) { $0 > 0 }
    }

    /// The two readings of one answer, interleaved `rounds` times; fails unless they agree and `counted`
    /// accepts the number of photos.
    static func compare(
        _ what: String, bytes: Resource<Page<Photo>>, tree: Resource<Page<Photo>>, rounds: Int, transport: some Transport,
        counted: (Int) -> Bool
    ) async throws {
        let response = try await transport.send(bytes.request)
        let page = try bytes.parse(response)
        guard counted(page.items.count), try tree.parse(response) == page else {
            throw BenchmarkFailure("the readings of \(what) differ or it is short (\(page.items.count) photos)")
        }
        let clock = ContinuousClock()
        var fast: [Duration] = []
        var slow: [Duration] = []
        for _ in 0..<rounds {
            var start = clock.now
            _ = try bytes.parse(response)
            fast.append(clock.now - start)
            start = clock.now
            _ = try tree.parse(response)
            slow.append(clock.now - start)
        }
        let (fastMedian, slowMedian) = (fast.sorted()[fast.count / 2], slow.sorted()[slow.count / 2])
        func perMicro(_ duration: Duration) -> String {
            String(format: "%.0f", Double(response.body.count) / (seconds(duration) * 1e6))
        }
        print(
            "parse \(what) of \(page.items.count) (\(response.body.count / 1024) KB): from the bytes median \(TUIBenchmark.micro(fastMedian)) µs (\(perMicro(fastMedian)) bytes/µs); through the JSON tree \(TUIBenchmark.micro(slowMedian)) µs (\(perMicro(slowMedian)) bytes/µs); \(String(format: "%.1f", seconds(slowMedian) / seconds(fastMedian)))× faster"
        )
    }

    // MARK: - Formatting
    static func micro(_ samples: [Duration]) -> String {
        let sorted = samples.sorted()
        return TUIBenchmark.micro(sorted[sorted.count / 2])
    }

    static func seconds(_ duration: Duration) -> Double {
        let (s, attos) = duration.components
        return Double(s) + Double(attos) / 1e18
    }
}
