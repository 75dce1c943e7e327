import Foundation
import Testing

/// `photorama download` against the embedded demo server, as a script would run it (stderr not a terminal).
@Suite(.serialized) struct DownloadCommandTests {
    let binary = ProductBinary.photorama

    @Test func printsExactlyTheFinalPathAndTheFileHoldsTheOriginal() async throws {
        let dir = NSTemporaryDirectory() + "photorama-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ids = try await CommandRun.run(binary, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = ids.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try await CommandRun.run(binary, ["info", id, "--demo", "--format", "json"])
        let described = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let title = try #require(described["title"] as? String)

        // A download saves the photo too, in the data folder the test gives it (never the developer's own).
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dir + "-data"
        defer { try? FileManager.default.removeItem(atPath: dir + "-data") }
        let result = try await CommandRun.run(binary, ["download", id, "--demo", "--dir", dir], environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr == "")
        let path = "\(dir)/\(title) - \(id).jpg"
        #expect(result.stdout == path + "\n")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(bytes.count > 100_000, "the original is the largest size")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["\(title) - \(id).jpg", "\(title) - \(id).jpg.xmp"])

        // The sidecar, read by a real XMP reader: what the photo's info says.
        let xmp = try await CommandRun.run(
            "/usr/bin/exiftool",
            [
                "-j", "-XMP-dc:Title", "-XMP-dc:Creator", "-XMP-dc:Source", "-XMP-dc:Rights", "-XMP-xmpRights:WebStatement",
                "-XMP-cc:License", path + ".xmp",
            ])
        #expect(xmp.status == 0, "stderr: \(xmp.stderr)")
        let fields = try #require((try JSONSerialization.jsonObject(with: Data(xmp.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(fields["Title"] as? String == title)
        #expect(fields["Creator"] as? String == (described["ownerRealName"] as? String ?? described["owner"] as? String))
        #expect(fields["Source"] as? String == described["pageURL"] as? String)
        // The licence: every demo photo has one; its name, and for a Creative Commons one its address too.
        let license = try #require(described["license"] as? String)
        #expect(fields["Rights"] as? String == license)
        #expect(fields["WebStatement"] as? String == described["licenseURL"] as? String)
        #expect(fields["License"] as? String == described["licenseURL"] as? String)
        let saved = try await CommandRun.run(binary, ["saved", "--format", "json"], environment: environment)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(saved.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == [id])
        #expect(rows.first?["downloadPath"] as? String == path)

        // Again: a numbered copy, never the first file overwritten.
        let again = try await CommandRun.run(binary, ["download", id, "--demo", "--dir", dir], environment: environment)
        #expect(again.stdout == "\(dir)/\(title) (2) - \(id).jpg\n")
        #expect(FileManager.default.contents(atPath: "\(dir)/\(title) (2) - \(id).jpg") == bytes)
    }

    @Test func aMissingPhotoIsOneLineAndExitOne() async throws {
        let dir = NSTemporaryDirectory() + "photorama-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dir + "-data"
        defer { try? FileManager.default.removeItem(atPath: dir + "-data") }
        let result = try await CommandRun.run(binary, ["download", "99999", "--demo", "--dir", dir], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorama: 99999: API error 1: Photo not found\n")
    }

    /// The file is whole, but the saved-photos database is damaged: the download says in one line that it
    /// could not record the photo, instead of succeeding silently.
    @Test func aDamagedSavedPhotosDatabaseIsOneLine() async throws {
        let dir = NSTemporaryDirectory() + "photorama-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = dir + "-data"
        defer { try? FileManager.default.removeItem(atPath: data) }
        try FileManager.default.createDirectory(atPath: data + "/photorama", withIntermediateDirectories: true)
        let database = data + "/photorama/photorama.sqlite"
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: database))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data
        let ids = try await CommandRun.run(binary, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = ids.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try await CommandRun.run(binary, ["download", id, "--demo", "--dir", dir], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".jpg") }
        let path = dir + "/" + (try #require(names.first))
        #expect(
            result.stderr
                == "photorama: \(id): Downloaded \(path), but cannot record it: Saved photos unavailable: not a valid database (left untouched): \(database)\n"
        )
        // The database is left as it was.
        #expect(FileManager.default.contents(atPath: database) == Data(repeating: 0x42, count: 4096))
    }
}
