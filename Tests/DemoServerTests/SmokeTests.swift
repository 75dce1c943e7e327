import DemoServer
import Foundation
import Testing

@Suite struct SmokeTests {
    @Test func startsAnswersAndStops() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        print("started in \(clock.now - start), port \(server.port)")
        #expect(server.port > 0)
        #expect(server.flickrURL.absoluteString == "http://127.0.0.1:\(server.port)/services/rest")
        let response = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "2"), ("extras", "url_z,date_taken,geo")]))
        print(response.text)
        await server.stop()
        await server.stop()
    }
}
