import Foundation
import Testing

/// `d` in the browser: the picture lands in the pictures folder with an XMP sidecar a real reader accepts.
@Suite(.serialized) struct BrowserDownloadSidecarTests {
    @Test func dLeavesThePictureAndASidecarExiftoolReads() async throws {
        let root = NSTemporaryDirectory() + "photorama-browser-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try await CommandRun.run(ProductBinary.photorama, ["info", id, "--demo", "--format", "json"])
        let described = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])

        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40,
            environment: ["XDG_DATA_HOME": root + "/data", "XDG_PICTURES_DIR": root + "/pictures"])
        try await tmux.waitForGrid()
        try await tmux.send("d")
        // The picture and its sidecar, once the download is done (the ★ of a saved photo marks it).
        let folder = root + "/pictures/Photorama"
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var names: [String] = []
        while clock.now < end {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            if names.contains(where: { $0.hasSuffix(".jpg.xmp") }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let picture = try #require(names.first { $0.hasSuffix(" - \(id).jpg") }, "files: \(names)")
        #expect(names == [picture, picture + ".xmp"])

        let xmp = try await CommandRun.run(
            "/usr/bin/exiftool",
            ["-j", "-XMP-dc:Title", "-XMP-dc:Creator", "-XMP-dc:Source", "-XMP-dc:Rights", folder + "/" + picture + ".xmp"])
        #expect(xmp.status == 0, "stderr: \(xmp.stderr)")
        let fields = try #require((try JSONSerialization.jsonObject(with: Data(xmp.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(fields["Title"] as? String == described["title"] as? String)
        #expect(fields["Creator"] as? String == (described["ownerRealName"] as? String ?? described["owner"] as? String))
        #expect(fields["Source"] as? String == described["pageURL"] as? String)
        #expect(fields["Rights"] as? String == described["license"] as? String)
        #expect(fields["Rights"] != nil)
    }
}
