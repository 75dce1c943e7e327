import DemoServer
import Foundation
import TestProcesses
import Testing

/// `photorama search --provider commons|openverse`, `info`, `download` and the licence in every list, against
/// the embedded demo server standing in for both services (`--demo`).
@Suite(.serialized, .ownThread) struct CommonsOpenverseCommandLineTests {
    let binary = ProductBinary.photorama

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func commonsTextSearchPagesAcrossContinueBlocksWithLicences() async throws {
        let result = try await CommandRun.run(
            binary, ["search", "--demo", "--provider", "commons", "--text", "sunset", "--format", "json", "--limit", "70"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let photos = try json(result.stdout)
        #expect(photos.count == 70)
        #expect(Set(photos.compactMap { $0["id"] as? String }).count == 70)
        for photo in photos {
            #expect(photo["provider"] as? String == "commons")
            #expect((photo["license"] as? String)?.isEmpty == false)
            #expect((photo["id"] as? String)?.hasPrefix("File:") == true)
        }
    }

    @Test func commonsNearAPlaceAndItsRadiusLimit() async throws {
        let result = try await CommandRun.run(
            binary,
            [
                "search", "--demo", "--provider", "commons", "--lat", "48.8566", "--lon", "2.3522", "--radius", "1", "--format", "json",
                "--limit", "5",
            ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let photos = try json(result.stdout)
        #expect(!photos.isEmpty)
        for photo in photos {
            let latitude = try #require(photo["latitude"] as? Double)
            let longitude = try #require(photo["longitude"] as? Double)
            #expect(abs(latitude - 48.8566) < 0.01 && abs(longitude - 2.3522) < 0.015)
        }
        let tooFar = try await CommandRun.run(
            binary, ["search", "--demo", "--provider", "commons", "--lat", "48.8566", "--lon", "2.3522", "--radius", "20"])
        #expect(tooFar.status == 2)
        #expect(tooFar.stderr == "photorama: Radius must be more than 0 and at most 10 km for Commons (got 20)\n")
    }

    @Test func openverseLicenceFilterAndTheLicenceColumn() async throws {
        let result = try await CommandRun.run(
            binary,
            ["search", "--demo", "--provider", "openverse", "--text", "sunset", "--license", "by-sa", "--format", "json", "--limit", "25"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let photos = try json(result.stdout)
        #expect(photos.count == 25)
        #expect(photos.allSatisfy { $0["license"] as? String == "CC BY-SA 2.0" })
        #expect(photos.allSatisfy { $0["licenseURL"] as? String == "https://creativecommons.org/licenses/by-sa/2.0/" })
        let table = try await CommandRun.run(
            binary,
            [
                "search", "--demo", "--provider", "openverse", "--text", "sunset", "--license", "cc0", "--license-column", "--limit", "3",
            ])
        #expect(table.status == 0, "stderr: \(table.stderr)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.contains("LICENCE") == true)
        #expect(lines.count == 4)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("CC0 1.0") })
        let wrong = try await CommandRun.run(binary, ["search", "--demo", "--provider", "openverse", "--text", "x", "--license", "4"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("photorama: Openverse licences are by, by-sa"))
    }

    @Test func flickrListsCarryTheLicenceIDInJSON() async throws {
        let result = try await CommandRun.run(binary, ["recent", "--demo", "--format", "json", "--limit", "3"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let photos = try json(result.stdout)
        #expect(photos.count == 3)
        #expect(photos.allSatisfy { $0["licenseID"] is Int })
    }

    @Test func aCommonsFilesInfoAndDownloadCarryCreatorLicenceAndSource() async throws {
        let dir = NSTemporaryDirectory() + "photorama-commons-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        defer { try? FileManager.default.removeItem(atPath: dir + "-data") }
        let list = try await CommandRun.run(
            binary, ["search", "--demo", "--provider", "commons", "--text", "sunset", "--format", "ids", "--limit", "1"])
        let id = list.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(id.hasPrefix("File:"))
        let info = try await CommandRun.run(binary, ["info", id, "--demo", "--provider", "commons", "--format", "json"])
        #expect(info.status == 0, "stderr: \(info.stderr)")
        let described = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let license = try #require(described["license"] as? String)
        let owner = try #require(described["owner"] as? String)
        #expect((described["creatorURL"] as? String)?.hasPrefix("https://commons.wikimedia.org/wiki/User:") == true)

        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dir + "-data"
        let result = try await CommandRun.run(
            binary, ["download", id, "--demo", "--provider", "commons", "--dir", dir], environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let path = result.stdout.trimmingCharacters(in: .newlines)
        let sidecar = String(decoding: try #require(FileManager.default.contents(atPath: path + ".xmp")), as: UTF8.self)
        #expect(sidecar.contains("<dc:creator><rdf:Seq><rdf:li>\(owner)</rdf:li></rdf:Seq></dc:creator>"))
        #expect(sidecar.contains("<rdf:li xml:lang=\"x-default\">\(license)</rdf:li></rdf:Alt></dc:rights>"))
        // Each run starts its own demo server: the page's address is the same but for the port.
        let page = try #require((described["pageURL"] as? String).flatMap(URL.init(string:))?.path)
        #expect(sidecar.contains(page + "</dc:source>"))
        #expect(page.hasPrefix("/wiki/File:"))
    }
    /// `--commons-url` and `--openverse-url` point at another server (here a demo server of this process, as a
    /// real service would be reached, so answers are cached); `--offline` then answers from the cache alone.
    @Test func urlOptionsReachAnotherServerAndOfflineAnswersFromTheCache() async throws {
        let home = NSTemporaryDirectory() + "photorama-commons-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home + "/cache"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let urls = ["--commons-url", server.commonsURL.absoluteString, "--openverse-url", server.openverseURL.absoluteString]
        let commons = ["search", "--provider", "commons", "--text", "sunset", "--format", "ids", "--limit", "5"] + urls
        let openverse = ["search", "--provider", "openverse", "--text", "sunset", "--format", "ids", "--limit", "5"] + urls
        let online = try await CommandRun.run(binary, commons, environment: environment)
        let onlineOpenverse = try await CommandRun.run(binary, openverse, environment: environment)
        await server.stop()
        #expect(online.status == 0, "stderr: \(online.stderr)")
        #expect(online.stdout.split(separator: "\n").count == 5)
        #expect(onlineOpenverse.stdout.split(separator: "\n").count == 5)
        let offline = try await CommandRun.run(binary, commons + ["--offline"], environment: environment)
        #expect(offline.status == 0, "stderr: \(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        let offlineOpenverse = try await CommandRun.run(binary, openverse + ["--offline"], environment: environment)
        #expect(offlineOpenverse.stdout == onlineOpenverse.stdout)
    }
    /// A registered Openverse client (OAuth2 client credentials from the environment) goes past the 240
    /// results an anonymous client sees; a refused one searches anonymously, and its secret is never printed.
    @Test func aRegisteredOpenverseClientSeesMoreAndItsSecretStaysHidden() async throws {
        let home = NSTemporaryDirectory() + "photorama-openverse-client-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home + "/cache"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["OPENVERSE_CLIENT_ID"] = DemoAPIKeys.openverseClientID
        environment["OPENVERSE_CLIENT_SECRET"] = DemoAPIKeys.openverseClientSecret
        let arguments = [
            "search", "--provider", "openverse", "--text", "sunset", "--format", "ids", "--limit", "300", "--openverse-url",
            server.openverseURL.absoluteString, "--log", home + "/requests.log",
        ]
        let registered = try await CommandRun.run(binary, arguments, environment: environment)
        #expect(registered.status == 0, "stderr: \(registered.stderr)")
        #expect(registered.stdout.split(separator: "\n").count == 300)
        environment["OPENVERSE_CLIENT_SECRET"] = "wrong-secret-value"
        let refused = try await CommandRun.run(binary, arguments, environment: environment)
        await server.stop()
        #expect(refused.status == 0, "stderr: \(refused.stderr)")
        #expect(refused.stdout.split(separator: "\n").count == 240)
        #expect(
            refused.stderr == "Openverse: the registered client was refused (Openverse: invalid_client); searching anonymously\n"
        )
        let log = (try? String(contentsOfFile: home + "/requests.log", encoding: .utf8)) ?? ""
        #expect(!log.isEmpty)
        for secret in [DemoAPIKeys.openverseClientSecret, "wrong-secret-value", DemoAPIKeys.openverseToken] {
            #expect(!log.contains(secret) && !registered.stderr.contains(secret) && !refused.stderr.contains(secret))
        }
    }
}
