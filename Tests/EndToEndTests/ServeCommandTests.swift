import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama serve` in the foreground: prints its three base URLs, answers on them, and stops cleanly on
/// SIGTERM with status 0.
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
        #expect(lines.count == 4, "\(text)")
        let flickr = try #require(lines.first { $0.hasPrefix("Flickr REST:") }?.split(separator: " ").last.map(String.init))
        #expect(flickr.hasPrefix("http://127.0.0.1:") && flickr.hasSuffix("/services/rest"))
        #expect(lines.contains { $0.hasPrefix("500px v1:") && $0.hasSuffix("/v1") })
        #expect(lines.contains { $0.hasPrefix("Locations:") })

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
}
