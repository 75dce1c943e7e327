import Foundation
import Testing

/// The `photorama` binary as a shell user meets it: exit statuses, one-line errors, output formats.
/// Every run uses the embedded demo server (started by the binary itself on 127.0.0.1).
@Suite(.serialized) struct CommandLineTests {
    let binary = ProductBinary.photorama

    @Test func helpListsEveryCommandAndExitsZero() async throws {
        let result = try await CommandRun.run(binary, ["--help"])
        #expect(result.status == 0)
        for name in ["browse", "recent", "search", "gallery", "user", "popular", "info", "comments", "locations", "serve"] {
            #expect(result.stdout.contains("  \(name)"), "missing \(name) in help")
        }
        for option in ["--flickr-url", "--500px-url", "--locations-url", "--demo", "--log", "--allow-insecure"] {
            let sub = try await CommandRun.run(binary, ["recent", "--help"])
            #expect(sub.stdout.contains(option), "recent --help lacks \(option)")
        }
    }

    @Test func unknownOptionExitsTwoWithOneLine() async throws {
        let result = try await CommandRun.run(binary, ["recent", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("photorama: Unknown option '--bogus'"))
        #expect(result.stderr.hasSuffix(" (see 'photorama --help')\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidLatitudeExitsTwoWithTheValidationMessage() async throws {
        let result = try await CommandRun.run(binary, ["search", "--demo", "--lat", "91.5", "--lon", "2"])
        #expect(result.status == 2)
        #expect(result.stderr == "photorama: Latitude must be between -90 and 90 (got 91.5)\n")
    }

    @Test func recentAsJSONHasExactlyTheDocumentedKeys() async throws {
        let result = try await CommandRun.run(binary, ["recent", "--demo", "--format", "json", "--limit", "3"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let keys: Set<String> = [
            "provider", "id", "title", "owner", "taken", "imageURL", "pageURL", "width", "height", "latitude",
            "longitude", "views", "tags", "license", "licenseID", "licenseURL",
        ]
        for object in array {
            #expect(Set(object.keys) == keys)
            #expect(object["provider"] as? String == "flickr")
            #expect(object["id"] is String)
        }
    }

    @Test func limitFetchesAcrossPages() async throws {
        // The demo server pages at 100 per page: 250 ids need three pages and must all be distinct.
        let result = try await CommandRun.run(binary, ["search", "--demo", "--text", "sunset", "--format", "ids", "--limit", "250"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let ids = result.stdout.split(separator: "\n")
        #expect(ids.count == 250)
        #expect(Set(ids).count == 250)
    }

    @Test func tableFitsEightyColumnsWhenPiped() async throws {
        let result = try await CommandRun.run(binary, ["recent", "--demo", "--limit", "10"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 11)  // a header and ten rows
        for line in lines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func anUnreachableServerFailsWithOneLineAndNeverShowsTheKey() async throws {
        let secret = "SECRETKEY1234567"
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-\(UUID()).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        var environment = ProcessInfo.processInfo.environment
        environment["FLICKR_API_KEY"] = secret
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let result = try await CommandRun.run(
            binary, ["recent", "--flickr-url", "http://127.0.0.1:1/services/rest", "--log", log, "--format", "ids"],
            environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr == "photorama: Offline: could not connect to 127.0.0.1:1\n")
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logText.contains("api_key=***"))
        #expect(!logText.contains(secret))
    }

    @Test func theBrowserRefusesADumbTerminal() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        let result = try await CommandRun.run(binary, ["--demo"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("photorama: TERM=dumb cannot show the full-screen browser"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func locationsPrintsTheServiceKeysAsJSON() async throws {
        let result = try await CommandRun.run(binary, ["locations", "--demo", "fr", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        for object in array {
            #expect(Set(object.keys) == ["street_address", "city", "country", "emoji", "hours"])
            #expect((object["country"] as? String)?.lowercased().hasPrefix("fr") == true)
        }
    }
}
