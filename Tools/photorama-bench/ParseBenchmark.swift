import DemoServer
import Foundation
import PhotoramaKit

/// `photorama-bench parse [--runs N]`: what reading a page costs per byte, for a Commons page of 50 files
/// and an Openverse page of 20 against the Flickr reader (a page of 100 from getRecent). The answers are
/// the demo server's, fetched once over loopback; each is then parsed `runs` times through the provider's
/// own resource (bytes first, the tree when unsure), and the median time per parse is divided by its size.
enum ParseBenchmark {
    static func run(_ arguments: [String]) async throws {
        var runs = 200
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            runs = max(1, value)
        }
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        await server.prepareWholeCatalog()
        let transport = LiveTransport()
        let webservice = Webservice(transport: transport)
        let flickr = FlickrAPI(baseURL: server.flickrURL, apiKey: DemoAPIKeys.flickr, perPage: 100)
        let commons = CommonsAPI(apiURL: server.commonsURL, userAgent: UserAgent.standard)
        let openverse = OpenverseAPI(baseURL: server.openverseURL, userAgent: UserAgent.standard)
        let cases: [(String, Resource<Page<Photo>>)] = [
            ("flickr recent, 100 photos", try flickr.recent()),
            ("commons search, 50 files", try commons.search(text: "sunset", page: 1)),
            ("openverse search, 20 images", try openverse.search(text: "sunset", licenses: [], page: 1)),
        ]
        var flickrCost = 0.0
        for (name, resource) in cases {
            let response = try await webservice.send(resource.request)
            let items = try resource.parse(response).items.count
            var times: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                _ = try resource.parse(response)
                times.append(HelpBaseline.milliseconds(ContinuousClock.now - start))
            }
            let median = Stats.median(times)
            let perByte = median * 1e6 / Double(response.body.count)
            if flickrCost == 0 { flickrCost = perByte }
            print(
                String(
                    format: "parse %@ (%d read, %d bytes, %d runs): median %.3f ms, %.2f ns/byte (%.2fx the Flickr reader)", name, items,
                    response.body.count, runs, median, perByte, perByte / flickrCost))
        }
        await transport.shutdown()
        await server.stop()
    }
}
