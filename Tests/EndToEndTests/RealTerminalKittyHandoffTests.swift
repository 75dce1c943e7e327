import Foundation
import PhotoramaImages
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// kitty 0.26.5 on this machine (issue 42, point 2): `auto` asks it whether it reads pictures by name,
/// and the thumbnails handed over in shared memory show exactly as the ones sent in the stream.
extension RealTerminalTests {
    /// The browser's first screen in kitty, settled. `warmUp`: `photorama terminal` runs twice first, each
    /// waiting for kitty's answers (a kitty started cold on a busy machine misses the probe's 120 ms), the
    /// second's report in `report.json` of the returned folder.
    func firstKittyScreen(images: String, warmUp: Bool) async throws -> (Screenshot, [String: Any]?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-handoff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = folder + "/probe"
        let browser = "\(ProductBinary.photorama) --demo --seed 7 --images \(images) --thumbnails on --probe-report \(probe)"
        let terminalReport = "\(ProductBinary.photorama) terminal --format json"
        let command = warmUp ? "\(terminalReport) > /dev/null; \(terminalReport) > \(folder)/report.json; \(browser)" : browser
        let terminal = try await RealTerminal.start(.kitty, columns: 100, rows: 30, command: command)
        var probes = 0
        let shot = try await terminal.settle(report: probe, count: &probes)
        try await terminal.press("q")
        #expect(try await terminal.waitForExit() == 0)
        let report = FileManager.default.contents(atPath: folder + "/report.json").flatMap {
            try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
        }
        return (shot, report)
    }

    /// The objects of runs that are gone: what kitty never read and no start removed.
    static func leftoverPictures() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        return names.filter { name in
            guard name.hasPrefix(KittyMedium.namePrefix),
                let pid = name.dropFirst(KittyMedium.namePrefix.count).split(separator: "-").first.flatMap({ pid_t($0) })
            else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
    }

    @Test func kittyThumbnailsSentBySharedMemoryShowAsTheStreamSentOnes() async throws {
        // `--images kitty` is not asked anything: the pictures go in the stream. `auto` asks, and hands them over.
        let (stream, _) = try await firstKittyScreen(images: "kitty", warmUp: false)
        let (byName, report) = try await firstKittyScreen(images: "auto", warmUp: true)
        #expect(report?["kitty_medium"] as? String == "shared memory", "\(report ?? [:])")
        #expect(byName.distinctColours >= 1_000, "the grid shows \(byName.distinctColours) colours")
        let differing = byName.differingPixels(from: stream)
        #expect(differing == 0, "\(differing) pixels differ between pictures by shared memory and in the stream")
        #expect(Self.leftoverPictures() == [])
    }
}
