import Foundation
import Testing

/// Saved photos through the real binary: durability across kill -9, two writers at once, a corrupt file,
/// and export/import. Each test has its own XDG_DATA_HOME under the temporary folder.
@Suite(.serialized) struct SavedPhotosEndToEndTests {
    private func dataHome() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photorama-saved-\(UUID().uuidString)").path
    }

    private func environment(_ dataHome: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = dataHome
        return env
    }

    /// `count` photos numbered from `first`, in the export format.
    private func exportJSON(first: Int, count: Int) -> String {
        let objects = (first..<(first + count)).map { number in
            """
              {"provider": "flickr", "id": "\(number)", "title": "Import \(number)", "owner": "o", \
            "savedAt": "2026-11-23T10:00:00.\(String(format: "%03d", number % 1000))Z", "tags": ["t"]}
            """
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    @Test func aSaveShownOnScreenSurvivesKillNine() async throws {
        let home = dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!id.isEmpty)
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40, environment: ["XDG_DATA_HOME": home])
        try await tmux.waitForGrid()
        try await tmux.send("s")
        let screen = try await tmux.waitFor(text: "Saved “")
        #expect(screen.contains("★ "))
        // The instant the mark shows, kill the browser with no chance to clean up.
        let panePID = try await tmux.tmux(["list-panes", "-t", tmux.name, "-F", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try await CommandRun.run("/usr/bin/pgrep", ["-P", panePID])
        let browserPID = try #require(children.stdout.split(separator: "\n").first.map(String.init))
        _ = try await CommandRun.run("/bin/kill", ["-9", browserPID])
        try await tmux.waitFor(text: "exit=137")
        let listed = try await CommandRun.run(ProductBinary.photorama, ["saved", "--format", "ids"], environment: environment(home))
        #expect(listed.status == 0)
        #expect(listed.stdout == id + "\n")
        #expect(listed.stderr == "")
    }

    @Test func twoProcessesImportingAtOnceBothKeepTheirRows() async throws {
        let home = dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try exportJSON(first: 1, count: 3000).write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        try exportJSON(first: 5001, count: 3000).write(toFile: folder + "/b.json", atomically: true, encoding: .utf8)
        async let a = CommandRun.run(ProductBinary.photorama, ["saved", "--import", folder + "/a.json"], environment: environment(home))
        async let b = CommandRun.run(ProductBinary.photorama, ["saved", "--import", folder + "/b.json"], environment: environment(home))
        let (resultA, resultB) = try await (a, b)
        #expect(resultA.status == 0, "\(resultA.stderr)")
        #expect(resultB.status == 0, "\(resultB.stderr)")
        let listed = try await CommandRun.run(ProductBinary.photorama, ["saved", "--format", "ids"], environment: environment(home))
        let ids = Set(listed.stdout.split(separator: "\n").map(String.init))
        let expected: Set<String> = Set((1...3000).map { String($0) }).union((5001...8000).map { String($0) })
        #expect(ids == expected)
    }

    @Test func aCorruptDatabaseGivesOneLineAndIsLeftAlone() async throws {
        let home = dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/photorama", withIntermediateDirectories: true)
        let path = home + "/photorama/photorama.sqlite"
        let garbage = Data(String(repeating: "not a database at all ", count: 300).utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        let result = try await CommandRun.run(ProductBinary.photorama, ["saved"], environment: environment(home))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorama: Saved photos unavailable: not a valid database (left untouched): \(path)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func exportImportRoundTripsAndMalformedImportIsOneLine() async throws {
        let home = dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try exportJSON(first: 1, count: 20).write(toFile: folder + "/in.json", atomically: true, encoding: .utf8)
        let imported = try await CommandRun.run(
            ProductBinary.photorama, ["saved", "--import", folder + "/in.json"], environment: environment(home))
        #expect(imported.status == 0)
        let export1 = try await CommandRun.run(
            ProductBinary.photorama, ["saved", "--export", folder + "/one.json"], environment: environment(home))
        #expect(export1.status == 0)
        let other = dataHome()
        defer { try? FileManager.default.removeItem(atPath: other) }
        _ = try await CommandRun.run(ProductBinary.photorama, ["saved", "--import", folder + "/one.json"], environment: environment(other))
        _ = try await CommandRun.run(ProductBinary.photorama, ["saved", "--export", folder + "/two.json"], environment: environment(other))
        let one = try Data(contentsOf: URL(fileURLWithPath: folder + "/one.json"))
        #expect(one == (try Data(contentsOf: URL(fileURLWithPath: folder + "/two.json"))))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/one.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let json = try await CommandRun.run(ProductBinary.photorama, ["saved", "--format", "json"], environment: environment(other))
        #expect(Data(json.stdout.utf8) == one)

        try "[{\"provider\": \"flickr\"".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try await CommandRun.run(
            ProductBinary.photorama, ["saved", "--import", folder + "/bad.json"], environment: environment(home))
        #expect(bad.status == 2)
        #expect(bad.stderr == "photorama: Cannot import \(folder)/bad.json: not valid JSON\n")
    }
}
