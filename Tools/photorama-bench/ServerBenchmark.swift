// swift run -c release photorama-bench server [--requests N] [--concurrency C] [--seed S] [--serve-seconds N]
// Starts the demo server in-process on 127.0.0.1:0, then measures, with C concurrent keep-alive clients:
// a 100-photo Flickr search page (with extras) and a cached image. Prints median, p90, p99 and requests/s.
import AsyncHTTPClient
import DemoServer
import Foundation
import NIOCore
import PhotoramaKit

enum ServerBenchmark {
    // MARK: - The benchmark
    static func run(_ arguments: [String]) async throws {
        let requests = option("--requests", in: arguments) ?? 10_000
        let concurrency = option("--concurrency", in: arguments) ?? 12
        let seed = UInt64(option("--seed", in: arguments) ?? 1)

        let clock = ContinuousClock()
        let startedAt = clock.now
        let server = try await RunningDemoServer.start(DemoServerConfiguration(seed: seed))
        print("server start (catalog build + bind): \(format(clock.now - startedAt))")
        if let seconds = option("--serve-seconds", in: arguments) {
            // For looking at the server by hand (curl, a browser) without the CLI.
            print("serving for \(seconds) s: \(server.flickrURL) \(server.px500URL) \(server.locationsURL)")
            try await Task.sleep(for: .seconds(seconds))
            await server.stop()
            return
        }
        try compareWritingWithReading(seed: seed)
        let catalogStart = clock.now
        _ = try await RunningDemoServer.start(DemoServerConfiguration(seed: seed &+ 1)).stop()
        print("second server start (another seed): \(format(clock.now - catalogStart))")

        let base = server.flickrURL.absoluteString
        let key = DemoAPIKeys.flickr
        let page =
            "\(base)?method=flickr.photos.search&api_key=\(key)&text=sunset&per_page=100&page=1"
            + "&extras=description,date_taken,owner_name,geo,tags,views,url_sq,url_z,url_l&format=json&nojsoncallback=1"
        let recent = "\(base)?method=flickr.photos.getRecent&api_key=\(key)&per_page=100&extras=url_z&format=json&nojsoncallback=1"
        // Find one image URL, fetch it once so it is cached.
        let first = try await fetch(recent)
        guard let object = try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any],
            let photos = (object["photos"] as? [String: Any])?["photo"] as? [[String: Any]],
            let image = photos.first?["url_z"] as? String
        else {
            throw BenchmarkError.unexpected("no url_z in getRecent")
        }
        _ = try await fetch(image)

        print("requests per scenario: \(requests), concurrent clients: \(concurrency)")
        // Flickr answers are cached by request (the catalog is immutable); the "distinct" run defeats that
        // cache with a parameter Flickr ignores, so it measures building each page from the catalog.
        let scenarios: [(String, @Sendable (Int) -> String)] = [
            ("100-photo search page, repeated (json)", { _ in page }),
            ("100-photo search page, every request distinct (json)", { "\(page)&nonce=\($0)" }),
            ("cached image (z, 640px)", { _ in image }),
        ]
        for (name, url) in scenarios {
            _ = try await measure({ url(-1 - $0) }, requests: min(500, requests), concurrency: concurrency)  // warm-up
            let result = try await measure(url, requests: requests, concurrency: concurrency)
            print(
                "\(name): median \(format(result.percentile(0.5))), p90 \(format(result.percentile(0.9))), "
                    + "p99 \(format(result.percentile(0.99))), \(Int(result.requestsPerSecond)) requests/s, \(result.bytes / requests) bytes/response"
            )
        }
        await server.stop()
    }

    // MARK: - Measuring
    struct Result {
        var latencies: [Duration]
        var elapsed: Duration
        var bytes: Int

        func percentile(_ p: Double) -> Duration {
            let sorted = latencies.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }

        var requestsPerSecond: Double {
            Double(latencies.count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    static func measure(_ url: @escaping @Sendable (Int) -> String, requests: Int, concurrency: Int) async throws -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let perTask = (requests + concurrency - 1) / concurrency
        let parts = try await withThrowingTaskGroup(of: ([Duration], Int).self) { group in
            for worker in 0..<concurrency {
                let count = min(perTask, requests - worker * perTask)
                guard count > 0 else { continue }
                group.addTask {
                    var latencies: [Duration] = []
                    latencies.reserveCapacity(count)
                    var bytes = 0
                    for number in 0..<count {
                        let begin = clock.now
                        let response = try await fetch(url(worker * perTask + number))
                        latencies.append(clock.now - begin)
                        guard response.status == 200 else { throw BenchmarkError.unexpected("status \(response.status)") }
                        bytes += response.body.count
                    }
                    return (latencies, bytes)
                }
            }
            var all: [([Duration], Int)] = []
            for try await part in group { all.append(part) }
            return all
        }
        return Result(latencies: parts.flatMap(\.0), elapsed: clock.now - start, bytes: parts.map(\.1).reduce(0, +))
    }

    static func fetch(_ url: String) async throws -> (status: Int, body: [UInt8]) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 32 * 1024 * 1024)
        return (Int(response.status.code), Array(body.readableBytesView))
    }

    // MARK: - Writing against reading
    /// A 100-photo Recent page as the browser asks for it (its extras), written by the demo server in this
    /// process (distinct pages, no answer cache) and read back from the bytes as the browser reads it: medians
    /// and their ratio. The server's writing should cost no more than the reading.
    static func compareWritingWithReading(seed: UInt64) throws {
        let flickr = InProcessFlickr(seed: seed)
        let base = "http://127.0.0.1:1"
        let api = FlickrAPI(baseURL: URL(string: "\(base)/services/rest")!, apiKey: DemoAPIKeys.flickr, perPage: 100)
        func query(_ page: Int) throws -> String { try api.recent(page: page).request.url.query ?? "" }
        let resource = try api.recent()
        let clock = ContinuousClock()
        var writes: [Duration] = []
        var reads: [Duration] = []
        var size = 0
        for round in 0..<210 {
            // Pages 1…10 (Recent holds 1,000 photos) over and over: the first 10 rounds warm the catalog and are not counted.
            let text = try query(round % 10 + 1)
            var start = clock.now
            let body = flickr.body(query: text, base: base)
            let written = clock.now - start
            let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body))
            start = clock.now
            let page = try resource.parse(response)
            let read = clock.now - start
            guard page.items.count == 100 else { throw BenchmarkError.unexpected("page \(round % 10 + 1) has \(page.items.count) photos") }
            if round >= 10 {
                writes.append(written)
                reads.append(read)
                size = body.count
            }
        }
        let write = writes.sorted()[writes.count / 2]
        let read = reads.sorted()[reads.count / 2]
        print(
            "100-photo recent page (json, \(size / 1024) KB), in process: written median \(format(write)), read back from the bytes \(format(read)); writing/reading \(String(format: "%.2f", seconds(write) / seconds(read)))×"
        )
    }

    // MARK: - Formatting
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.3f ms", milliseconds)
    }

    enum BenchmarkError: Error { case unexpected(String) }
}
