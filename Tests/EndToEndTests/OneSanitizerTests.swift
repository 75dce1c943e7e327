import DemoServer
import Foundation
import Testing

/// Everything the binary prints, on stdout and stderr, goes through the one sanitizer, and every command
/// reads settings through the one resolution `photorama config` shows.
@Suite struct OneSanitizerTests {
    @Test func aFlickrErrorMessageWithAnEscapeSequenceNeverReachesTheTerminalRaw() async throws {
        let server = try HostileFlickrServer(
            failure: #"{"stat":"fail","code":105,"message":"Service currently unavailable \u001b[2J"}"#)
        defer { server.stop() }
        let result = try await CommandRun.run(ProductBinary.photorama, ["recent", "--flickr-url", server.url])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorama: API error 105: Service currently unavailable\n")
    }

    @Test func aTableRemovesWholeEscapeSequencesFromTitles() async throws {
        let server = try HostileFlickrServer(total: 16)
        defer { server.stop() }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["recent", "--flickr-url", server.url, "--format", "table", "--limit", "16"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 17)
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            #expect(!line.contains("[2J") && !line.contains("]0;") && !line.contains("[31m"), "\(line)")
        }
        // Title 8 is "ESC[2J ESC[31m red ESC[0m space ESC]0;title BEL space osc": "red", two spaces, "osc".
        let row = try #require(lines.first { $0.hasPrefix("50000000008 ") })
        #expect(row.hasSuffix("  red  osc #8"), "\(row)")
    }

    @Test func anImageModeWithSpacesIsReadAlikeByConfigAndShow() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("photo.jpg").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(SampleImage.jpeg(width: 64, height: 48))))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.path
        environment["PHOTORAMA_IMAGES"] = " kitty"

        let config = try await CommandRun.run(ProductBinary.photorama, ["config"], environment: environment)
        #expect(config.status == 0, "stderr: \(config.stderr)")
        let imagesLine = config.stdout.split(separator: "\n").first { $0.hasPrefix("images") }.map(String.init)
        #expect(imagesLine?.split(separator: " ", omittingEmptySubsequences: true) == ["images", "kitty", "env", "(PHOTORAMA_IMAGES)"])
        let show = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "8x4"], environment: environment)
        #expect(show.status == 0, "stderr: \(show.stderr)")
        #expect(show.stdout.hasPrefix("\u{1B}_G"))

        environment["PHOTORAMA_IMAGES"] = "kity"
        let refused = "photorama: PHOTORAMA_IMAGES must be auto, kitty, sixel, iterm2, blocks, ascii or none (got \"kity\")\n"
        let badShow = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "8x4"], environment: environment)
        #expect(badShow.status == 2)
        #expect(badShow.stderr == refused)
        let badConfig = try await CommandRun.run(ProductBinary.photorama, ["config"], environment: environment)
        #expect(badConfig.stdout.contains("\"kity\" (invalid: auto, kitty, sixel, iterm2, blocks, ascii or none)"), "\(badConfig.stdout)")
    }
}
