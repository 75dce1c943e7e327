import Foundation
import GRDB
import PhotoramaKit
import PhotoramaLocking
import PhotoramaStore
import Testing

@Suite struct ResponseCacheTests {
    // MARK: - Helpers
    final class Clock: Sendable {
        let seconds = Locked<Double>(1_800_000_000)
        var now: @Sendable () -> Date { { Date(timeIntervalSince1970: self.seconds.withLock { $0 }) } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    final class Lines: Sendable {
        let lines = Locked<[String]>([])
        func post(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func entry(_ bytes: Int, kind: CacheKind = .search, at date: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> CachedResponse
    {
        CachedResponse(
            status: 200, headers: [CachedHeader(name: "Content-Type", value: "application/json")],
            body: Data(repeating: UInt8(ascii: "x"), count: bytes), storedAt: date, kind: kind)
    }

    // MARK: - Storing and eviction
    @Test func answersAndImagesRoundTripWithPrivateModes() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder)
        await cache.store("GET a", Self.entry(10))
        await cache.store("GET img", Self.entry(20, kind: .image))
        #expect(await cache.lookup("GET a") == Self.entry(10))
        #expect(await cache.lookup("GET img") == Self.entry(20, kind: .image))
        #expect(cache.statistics().answers == 1)
        #expect(cache.statistics().images == 1)
        for path in [folder.path, folder.imagesPath] {
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700)
        }
        let images = try FileManager.default.subpathsOfDirectory(atPath: folder.imagesPath).filter { !$0.contains("/") == false }
        #expect(images.count == 1)
        for path in [folder.databasePath] + images.map({ folder.imagesPath + "/" + $0 }) {
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        }
    }

    /// 100-byte entries in a 300-byte cache: the fourth evicts exactly the least recently used one.
    @Test func evictionAtTheBoundDropsTheLeastRecentlyUsed() async throws {
        let clock = Clock()
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder, maxBytes: 300, now: clock.now, touchGranularity: 0)
        for key in ["a", "b", "c"] {
            await cache.store(key, Self.entry(100, kind: key == "b" ? .image : .search))
            clock.advance(1)
        }
        _ = await cache.lookup("a")  // a is now used more recently than b and c
        clock.advance(1)
        await cache.store("d", Self.entry(100))
        #expect(await cache.lookup("b") == nil)
        for key in ["a", "c", "d"] { #expect(await cache.lookup(key) != nil, "\(key)") }
        // b was an image: its file went with it.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.imagesPath).filter { $0.contains("/") }.isEmpty)
        clock.advance(1)
        await cache.store("e", Self.entry(150))  // needs two slots: c then a go (d was used last)
        #expect(await cache.lookup("c") == nil)
        #expect(await cache.lookup("a") == nil)
        #expect(await cache.lookup("d") != nil)
        #expect(await cache.lookup("e") != nil)
    }

    // MARK: - Damage and failed writes
    @Test func aTruncatedImageFileIsDroppedNotShown() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder)
        await cache.store("GET img", Self.entry(1000, kind: .image))
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.imagesPath).first { $0.contains("/") })
        try Data(repeating: UInt8(ascii: "x"), count: 500).write(to: URL(fileURLWithPath: folder.imagesPath + "/" + file))
        #expect(await cache.lookup("GET img") == nil)
        #expect(cache.statistics().images == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.imagesPath + "/" + file))
    }

    @Test func aGarbageRowIsDroppedNotShown() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder)
        await cache.store("GET good", Self.entry(10))
        let queue = try DatabaseQueue(path: folder.databasePath)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO entry VALUES ('GET bad', 'nonsense', 200, 'not json', x'00', NULL, 1, 'zz', 0, 0)")
            try db.execute(
                sql: "INSERT INTO entry VALUES ('GET altered', 'search', 200, '[]', 'changed', NULL, 7, '0000000000000000', 0, 0)")
        }
        try queue.close()
        #expect(await cache.lookup("GET bad") == nil)
        #expect(await cache.lookup("GET altered") == nil)
        #expect(await cache.lookup("GET good") == Self.entry(10))
        #expect(cache.statistics().answers == 1)
    }

    @Test func aDamagedDatabaseIsRebuiltWithOneLine() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data("this is not a database at all".utf8).write(to: URL(fileURLWithPath: folder.databasePath))
        let lines = Lines()
        let cache = try SQLiteResponseCache(folder: folder, notice: { lines.post($0) })
        #expect(lines.all == ["The cache was damaged and has been emptied: \(folder.path)"])
        await cache.store("GET a", Self.entry(5))
        #expect(await cache.lookup("GET a") == Self.entry(5))
    }

    @Test func aFailedWriteTurnsCachingOffWithOneLine() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let lines = Lines()
        let cache = try SQLiteResponseCache(folder: folder, notice: { lines.post($0) })
        await cache.store("GET a", Self.entry(5))
        // Every image folder name is taken by a file, so no image can be written (as on a full disk).
        for index in 0..<256 {
            let name = String(index, radix: 16)
            try Data().write(to: URL(fileURLWithPath: folder.imagesPath + "/" + (name.count == 1 ? "0" + name : name)))
        }
        await cache.store("GET img", Self.entry(5, kind: .image))
        await cache.store("GET img2", Self.entry(5, kind: .image))
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix("Caching turned off: ") == true)
        #expect(lines.all.first?.hasSuffix("; browsing continues without it") == true)
        #expect(!cache.isEnabled)
        #expect(await cache.lookup("GET a") == nil)
    }

    // MARK: - Cancellation and concurrency
    /// Two instances (two pools on one file) storing and reading at once lose nothing and agree on the total.
    /// A load cancelled just after its answer arrived still stores it. GRDB's async writes throw
    /// CancellationError in a cancelled task, which turned caching off for the rest of the run: at quit
    /// the browser waits for its cancelled loads, so the feed shown last was then never remembered.
    @Test func aWriteFromACancelledTaskIsDoneAndLeavesCachingOn() async throws {
        let lines = Lines()
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder, notice: lines.post)
        let started = Locked(false)
        let writes = Task {
            // Cancelled before it writes anything: it waits until the test has cancelled it.
            while !Task.isCancelled { await Task.yield() }
            started.withLock { $0 = true }
            await cache.store("GET a", Self.entry(10))
            await cache.store("GET img", Self.entry(20, kind: .image))
            await cache.remember("search harbor", as: "last_feed")
        }
        writes.cancel()
        await writes.value
        #expect(started.withLock { $0 })
        #expect(cache.isEnabled)
        #expect(lines.all == [])
        #expect(await cache.lookup("GET a") == Self.entry(10))
        #expect(await cache.lookup("GET img") == Self.entry(20, kind: .image))
        #expect(cache.remembered("last_feed") == "search harbor")
    }

    @Test func twoInstancesShareTheCache() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let first = try SQLiteResponseCache(folder: folder)
        let second = try SQLiteResponseCache(folder: folder)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { await first.store("GET one/\(index)", Self.entry(10, kind: index % 2 == 0 ? .image : .search)) }
                group.addTask { await second.store("GET two/\(index)", Self.entry(10, kind: index % 2 == 0 ? .image : .search)) }
                group.addTask { _ = await second.lookup("GET one/\(index)") }
            }
        }
        for index in 0..<40 {
            #expect(await second.lookup("GET one/\(index)") != nil)
            #expect(await first.lookup("GET two/\(index)") != nil)
        }
        #expect(first.statistics().answers + first.statistics().images == 80)
        #expect(first.isEnabled && second.isEnabled)
    }

    // MARK: - API keys
    /// Through the real transport seam: neither the database nor any file holds the key.
    @Test func apiKeysNeverReachTheCache() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder)
        let key = "SECRETKEY-9f8e7d6c5b4a"
        // A fixed time 20 minutes into its hour: on the real clock a run across the hour (ThreadSanitizer's
        // suite at 12:00) counted the call in one hour and asked for the next.
        let transport = CachingTransport(wrapping: EchoTransport(), store: cache, now: { Date(timeIntervalSince1970: 1_800_001_200) })
        for url in [
            "https://api.flickr.com/services/rest?method=flickr.photos.getRecent&api_key=\(key)",
            "https://api.example.com/v1/photos?feature=popular&consumer_key=\(key)",
        ] {
            _ = try await transport.send(WebRequest(url: URL(string: url)!))
        }
        _ = try await transport.send(WebRequest(url: URL(string: "https://live.staticflickr.com/1/2_s_q.jpg")!, limits: .image))
        #expect(cache.statistics().answers == 2)
        #expect(await transport.callsThisHour(key: key) == 1)
        try await cache.checkpoint()
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(files.contains("cache.sqlite"))
        for file in files {
            // An empty file holds no key; skipped, as Foundation leaks 4 KiB for each empty file it reads.
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + file)[.size] as? UInt64) ?? 0
            guard size > 0, let data = FileManager.default.contents(atPath: folder.path + "/" + file) else { continue }
            #expect(data.range(of: Data(key.utf8)) == nil, "\(file) holds the key")
        }
    }

    // MARK: - Remembered values and clearing
    /// A remembered value outlives the instance that wrote it, is replaced by the next, and is cleared.
    @Test func rememberedValuesPersistAcrossInstances() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let first = try SQLiteResponseCache(folder: folder)
        #expect(first.remembered("last_feed") == nil)
        await first.remember(#"{"tab":1}"#, as: "last_feed")
        await first.remember(#"{"tab":3}"#, as: "last_feed")
        let second = try SQLiteResponseCache(folder: folder)
        #expect(second.remembered("last_feed") == #"{"tab":3}"#)
        #expect(second.remembered("other") == nil)
        try second.clear()
        #expect(first.remembered("last_feed") == nil)
    }

    @Test func clearEmptiesEverything() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = CacheFolder(path: temporary + "/photorama")
        let cache = try SQLiteResponseCache(folder: folder)
        await cache.store("GET a", Self.entry(5))
        await cache.store("GET img", Self.entry(5, kind: .image))
        try cache.clear()
        #expect(cache.statistics().answers == 0)
        #expect(cache.statistics().images == 0)
        #expect(await cache.lookup("GET img") == nil)
    }
}

// MARK: - Test transport
/// Answers every request with 200 and a body that does not echo the URL (a server would not either).
struct EchoTransport: Transport {
    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        WebResponse(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Data("{\"stat\":\"ok\"}".utf8))
    }
}
