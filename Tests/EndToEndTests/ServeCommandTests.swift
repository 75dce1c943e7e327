import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama serve` in the foreground: prints its base URLs and the Flickr consumer key and secret it
/// accepts, answers on them (python3-flickrapi signs its calls with that key and secret), and stops
/// cleanly on SIGTERM with status 0.
@Suite struct ServeCommandTests {
    @Test func servesTheThreeServicesAndStopsOnSigterm() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-serve-\(UUID()).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var environment = ProcessInfo.processInfo.environment
        environment["FLICKR_API_KEY"] = nil
        let serve = try ChildProcess(
            ProductBinary.photorama, ["serve", "--port", "0", "--seed", "3"], environment: environment,
            streams: .init(stdout: output.path))

        let clock = ContinuousClock()
        var text = ""
        let deadline = clock.now + .seconds(60)  // bounds a hang
        while !text.contains("Serving until Ctrl-C."), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            text = CapturedOutput.text(atPath: output.path)
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 8, "\(text)")
        let flickr = try #require(lines.first { $0.hasPrefix("Flickr REST:") }?.split(separator: " ").last.map(String.init))
        #expect(flickr.hasPrefix("http://127.0.0.1:") && flickr.hasSuffix("/services/rest"))
        #expect(lines.contains { $0.hasPrefix("500px v1:") && $0.hasSuffix("/v1") })
        #expect(lines.contains { $0.hasPrefix("Locations:") })
        #expect(lines.contains { $0.hasPrefix("Commons:") && $0.hasSuffix("/w/api.php") })
        #expect(lines.contains { $0.hasPrefix("Openverse:") && $0.hasSuffix("/openverse/v1") })
        let key = try #require(lines.first { $0.hasPrefix("key:") }?.split(separator: " ").last.map(String.init))
        let secret = try #require(lines.first { $0.hasPrefix("secret:") }?.split(separator: " ").last.map(String.init))

        // A stock client signs its calls with the printed key and secret and is answered; another key is refused.
        let base = String(flickr.dropLast("/services/rest".count))
        for (consumer, expected) in [(key, "ok 3\n"), ("not-the-demo-key", "100\n")] {
            let python = try await CommandRun.run(
                "/usr/bin/python3", ["-c", Self.flickrapiScript, base, consumer, secret],
                environment: ["HOME": FileManager.default.temporaryDirectory.path, "PATH": "/usr/bin:/bin", "NO_PROXY": "127.0.0.1"],
                deadline: .seconds(90))
            #expect(python.status == 0, "\(python.stderr)")
            #expect(python.stdout == expected)
        }

        // The printed URL really answers, with Flickr's envelope (a custom URL takes the key from the environment).
        environment["FLICKR_API_KEY"] = "any-key-1234"
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["recent", "--flickr-url", flickr, "--format", "ids", "--limit", "3"],
            environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)

        serve.signal(SIGTERM)
        let status = await serve.exitStatus(within: .seconds(10))
        #expect(status == 0, "serve still running 10 s after SIGTERM, or ended with \(status.map(String.init) ?? "nothing")")
        #expect(CapturedOutput.text(atPath: output.path).hasSuffix("Stopped.\n"))
    }

    /// python3-flickrapi (apt: python3-flickrapi) with a key and secret: three recent photos ("ok 3"), or
    /// the error code Flickr gives a key it does not know.
    static let flickrapiScript = """
        import sys
        import flickrapi
        base, key, secret = sys.argv[1], sys.argv[2], sys.argv[3]
        flickrapi.FlickrAPI.REST_URL = base + '/services/rest/'
        flickr = flickrapi.FlickrAPI(key, secret, format='parsed-json', store_token=False, cache=False)
        try:
            answer = flickr.photos.getRecent(per_page=3)
            print(answer['stat'], len(answer['photos']['photo']))
        except flickrapi.exceptions.FlickrError as error:
            print(error.code)
        """
}
