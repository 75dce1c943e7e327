import Foundation
import PhotoramaKit
import Testing

@Suite struct CachingTransportTests {
    static let recent = "https://api.flickr.com/services/rest?method=flickr.photos.getRecent&api_key=SECRETKEY1234&page=1"
    static let search = "https://api.flickr.com/services/rest?method=flickr.photos.search&text=cat&api_key=SECRETKEY1234"
    static let info = "https://api.flickr.com/services/rest?method=flickr.photos.getInfo&photo_id=7&api_key=SECRETKEY1234"
    static let image = "https://live.staticflickr.com/65535/7_abc_q.jpg"

    // MARK: - Kinds and keys
    @Test(
        "Kinds come from the request",
        arguments: [
            (recent, false, CacheKind.recent), (search, false, .search), (info, false, .info), (image, true, .image),
            ("https://api.example.com/v1/photos?feature=popular", false, .search),
            ("https://api.example.com/v1/photos/42/comments", false, .info),
            ("http://127.0.0.1:9/locations?country=fr", false, .search),
        ])
    func kinds(url: String, image: Bool, kind: CacheKind) {
        #expect(CacheKind.of(get(url, image: image)) == kind)
    }

    @Test func keysLeaveNoSecretAndIgnoreParameterOrder() {
        let key = CacheKey.of(get("https://api.flickr.com/services/rest?page=2&api_key=SECRETKEY1234&method=flickr.photos.getRecent"))
        #expect(key == "GET https://api.flickr.com/services/rest?method=flickr.photos.getRecent&page=2")
        #expect(
            CacheKey.of(get("https://x.example/v1/photos?consumer_key=ABCDEFGH&feature=popular"))
                == "GET https://x.example/v1/photos?feature=popular")
    }

    // MARK: - Freshness and revalidation
    /// Each kind is served from the cache until its freshness runs out, then asked for again.
    @Test(
        "Freshness per kind",
        arguments: [
            (recent, false, 120.0), (search, false, 3600.0), (info, false, 86400.0), (image, true, 30 * 86400.0),
        ])
    func freshness(url: String, image: Bool, seconds: TimeInterval) async throws {
        let clock = TestClock()
        let inner = ScriptTransport([ok("{\"v\":1}"), ok("{\"v\":2}")])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: clock.function)
        _ = try await transport.send(get(url, image: image))
        clock.advance(seconds - 1)
        let cached = try await transport.send(get(url, image: image))
        #expect(String(decoding: cached.body, as: UTF8.self) == "{\"v\":1}")
        #expect(cached.header(CachingTransport.cacheHeader) == "hit age=\(Int(seconds - 1))s")
        #expect(inner.requests.count == 1)
        clock.advance(1)
        let fetched = try await transport.send(get(url, image: image))
        #expect(String(decoding: fetched.body, as: UTF8.self) == "{\"v\":2}")
        #expect(inner.requests.count == 2)
    }

    @Test func staleImageIsRevalidatedAnd304KeepsTheStoredBytes() async throws {
        let clock = TestClock()
        let headers = [
            (name: "Content-Type", value: "image/jpeg"), (name: "ETag", value: "\"v1\""),
            (name: "Last-Modified", value: "Sun, 01 Nov 2026 00:00:00 GMT"),
        ]
        let inner = ScriptTransport([ok("JPEGBYTES", headers: headers), .success(WebResponse(status: 304))])
        let store = MemoryResponseStore()
        let transport = CachingTransport(wrapping: inner, store: store, now: clock.function)
        _ = try await transport.send(get(Self.image, image: true))
        clock.advance(31 * 86400)
        let answer = try await transport.send(get(Self.image, image: true))
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self) == "JPEGBYTES")
        #expect(answer.header(CachingTransport.cacheHeader) == "revalidated")
        #expect(inner.requests[1].header("If-None-Match") == "\"v1\"")
        #expect(inner.requests[1].header("If-Modified-Since") == "Sun, 01 Nov 2026 00:00:00 GMT")
        #expect(await store.lookup(CacheKey.of(get(Self.image, image: true)))?.storedAt == clock.now)
    }

    @Test func cacheControlMaxAgeShortensAnImagesLife() async throws {
        let clock = TestClock()
        let headers = [(name: "Cache-Control", value: "max-age=60")]
        let inner = ScriptTransport([ok("A", headers: headers), ok("B", headers: headers)])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: clock.function)
        _ = try await transport.send(get(Self.image, image: true))
        clock.advance(61)
        #expect(String(decoding: try await transport.send(get(Self.image, image: true)).body, as: UTF8.self) == "B")
    }

    // MARK: - Offline and stale answers
    @Test func offlineModeServesWhatIsCachedAndRefusesTheRestInOneLine() async throws {
        let store = MemoryResponseStore()
        let clock = TestClock()
        let online = CachingTransport(wrapping: ScriptTransport([ok("{}")]), store: store, now: clock.function)
        _ = try await online.send(get(Self.recent))
        clock.advance(300)
        let inner = ScriptTransport()
        let offline = CachingTransport(wrapping: inner, store: store, offline: true, now: clock.function)
        let (answer, origin) = try await CacheContext.load(.normal) { () async throws(PhotoramaError) in
            try await offline.send(get(Self.recent))
        }
        #expect(answer.body == Data("{}".utf8))
        #expect(origin == CacheOrigin(age: 300, stale: true, offline: true))
        #expect(origin?.label == "offline: cached 5 min ago")
        await #expect(throws: CachingTransport.notCached) { try await offline.send(get(Self.search)) }
        #expect(CachingTransport.notCached.message == "Offline: not in the cache (run without --offline to fetch it)")
        #expect(inner.requests.isEmpty)
    }

    @Test func aNetworkThatIsDownIsAnsweredFromTheCache() async throws {
        let clock = TestClock()
        let inner = ScriptTransport([ok("{\"old\":1}"), .failure(.offline("could not connect to api.flickr.com"))])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: clock.function)
        _ = try await transport.send(get(Self.recent))
        clock.advance(600)
        let (answer, origin) = try await CacheContext.load(.normal) { () async throws(PhotoramaError) in
            try await transport.send(get(Self.recent))
        }
        #expect(answer.body == Data("{\"old\":1}".utf8))
        #expect(origin?.label == "offline: cached 10 min ago")
        // Within the next 30 s the cache answers first, without trying the network again.
        _ = try await transport.send(get(Self.recent))
        #expect(inner.requests.count == 2)
    }

    @Test func preferCacheAnswersAStaleEntryAtOnceAndNetworkModeAsksAgain() async throws {
        let clock = TestClock()
        let inner = ScriptTransport([ok("{\"v\":1}"), ok("{\"v\":2}")])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: clock.function)
        _ = try await transport.send(get(Self.recent))
        clock.advance(300)
        let (first, origin) = try await CacheContext.load(.preferCache) { () async throws(PhotoramaError) in
            try await transport.send(get(Self.recent))
        }
        #expect(first.body == Data("{\"v\":1}".utf8))
        #expect(origin == CacheOrigin(age: 300, stale: true, offline: false))
        #expect(origin?.label == "cached 5 min ago")
        let (second, none) = try await CacheContext.load(.network) { () async throws(PhotoramaError) in
            try await transport.send(get(Self.recent))
        }
        #expect(second.body == Data("{\"v\":2}".utf8))
        #expect(none == nil)
    }

    // MARK: - Rate limits
    @Test func flickrCallsAreCountedPerKeyAndShownOnTheResponse() async throws {
        let inner = ScriptTransport([ok("{}"), ok("{}")])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: TestClock().function)
        let first = try await transport.send(get(Self.recent))
        let second = try await transport.send(get(Self.search))
        #expect(first.header(CachingTransport.callsHeader) == "1/3600")
        #expect(second.header(CachingTransport.callsHeader) == "2/3600")
        #expect(await transport.callsThisHour(key: "SECRETKEY1234") == 2)
    }

    @Test func a429BecomesAStatusLineWithTheTimeToWait() async throws {
        // 1_800_001_200 is 20 min into its hour: 40 min are left.
        let inner = ScriptTransport([.success(WebResponse(status: 429))])
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_001_200))
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: clock.function)
        let webservice = Webservice(transport: transport)
        await #expect(throws: PhotoramaError.rateLimited(retryAfter: 2400)) { try await webservice.send(get(Self.recent)) }
        #expect(PhotoramaError.rateLimited(retryAfter: 2400).message == "Rate limited: try again in 40 min")
    }

    @Test func prefetchSlowsAsTheBudgetRunsLow() {
        let budget = RateBudget()
        #expect(budget.prefetchDelay(used: 2880) == .zero)
        #expect(budget.prefetchDelay(used: 3240) == .milliseconds(5000))
        #expect(budget.prefetchDelay(used: 3600) == .milliseconds(10_000))
    }

    // MARK: - Flickr errors
    @Test func flickrErrorsSentWith200AreNotStored() async throws {
        let inner = ScriptTransport([ok("{\"stat\":\"fail\",\"code\":100}"), ok("{\"stat\":\"ok\"}")])
        let transport = CachingTransport(wrapping: inner, store: MemoryResponseStore(), now: TestClock().function)
        _ = try await transport.send(get(Self.info))
        #expect(try await transport.send(get(Self.info)).body == Data("{\"stat\":\"ok\"}".utf8))
    }
}
