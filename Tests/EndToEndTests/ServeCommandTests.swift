import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `photorama serve` in the foreground: prints its three base URLs, answers on them, and stops cleanly on
/// SIGTERM with status 0.
@Suite struct ServeCommandTests {
    @Test func servesTheThreeServicesAndStopsOnSigterm() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProductBinary.photorama)
        process.arguments = ["serve", "--port", "0", "--seed", "3"]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-serve-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let clock = ContinuousClock()
        var text = ""
        let deadline = clock.now + .seconds(20)
        while !text.contains("Serving until Ctrl-C."), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(text)")
        let flickr = try #require(lines.first { $0.hasPrefix("Flickr REST:") }?.split(separator: " ").last.map(String.init))
        #expect(flickr.hasPrefix("http://127.0.0.1:") && flickr.hasSuffix("/services/rest"))
        #expect(lines.contains { $0.hasPrefix("500px v1:") && $0.hasSuffix("/v1") })
        #expect(lines.contains { $0.hasPrefix("Locations:") })

        // The printed URL really answers, with Flickr's envelope (a custom URL takes the key from the environment).
        var environment = ProcessInfo.processInfo.environment
        environment["FLICKR_API_KEY"] = "any-key-1234"
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["recent", "--flickr-url", flickr, "--format", "ids", "--limit", "3"],
            environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)

        kill(process.processIdentifier, SIGTERM)
        let stopDeadline = clock.now + .seconds(10)
        while process.isRunning, clock.now < stopDeadline { try await Task.sleep(for: .milliseconds(20)) }
        // Foundation traps when asked the status of a process that is still running: ask only once it ended.
        try #require(!process.isRunning, "serve was still running 10 s after SIGTERM")
        #expect(process.terminationStatus == 0)
        try handle.close()
        #expect(((try? String(contentsOf: output, encoding: .utf8)) ?? "").hasSuffix("Stopped.\n"))
    }
}
