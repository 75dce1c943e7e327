import Foundation
import ScreenCapture
import TestProcesses
import Testing

@testable import DemoServer

/// A photo with an embedded Display P3 profile in the real browser, in tmux in 24-bit half blocks, over a
/// demo server that serves that file for the newest photo (`DemoServerConfiguration.photoFiles`): its
/// thumbnail, its picture in the viewer and its zoomed picture (decoded by region, another path) all
/// reach the screen in sRGB. The file is P3's (200, 100, 50) everywhere, which is sRGB's (215, 93, 31)
/// (ShowColourProfileTests, against ImageMagick's conversion).
@Suite(.serialized, .ownThread) struct BrowserColourProfileEndToEndTests {
    static let converted = "▀||38;2;215;93;31|48;2;215;93;31"

    /// The colours of the half-block cells of `rows` × `columns` in a capture with colours.
    static func pictureCells(_ capture: String, rows: Range<Int>, columns: Range<Int>) -> Set<String> {
        let screen = CapturedScreen(capture)
        var cells = Set<String>()
        for row in rows where row < screen.rows.count {
            for column in columns where column < screen.rows[row].count && screen.rows[row][column].hasPrefix("▀") {
                cells.insert(screen.rows[row][column])
            }
        }
        return cells
    }

    @Test func aP3PhotoReachesTheScreenInSRGBInTheGridTheViewerAndTheZoom() async throws {
        let folder = NSTemporaryDirectory() + "photorama-browser-p3-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 600×400 of P3 (200, 100, 50), the profile assigned by ImageMagick.
        let ppm = Array("P6\n600 400\n255\n".utf8) + (0..<(600 * 400)).flatMap { _ in [UInt8]([200, 100, 50]) }
        try Data(ppm).write(to: URL(fileURLWithPath: folder + "/plain.ppm"))
        let made = try await CommandRun.run(
            "/usr/bin/convert", [folder + "/plain.ppm", "-profile", ShowColourProfileTests.profile, "-quality", "100", folder + "/p3.jpg"])
        try #require(made.status == 0, "\(made.stderr)")
        let file = try #require(FileManager.default.contents(atPath: folder + "/p3.jpg").map(Array.init))

        var configuration = DemoServerConfiguration(seed: 1)
        configuration.photoFiles = [DemoCatalog(seed: 1).photos[0].id: file]
        let server = try await RunningDemoServer.start(configuration, executor: OwnThreadTrait.executor)
        let report = folder + "/probe"
        let tmux = try await TmuxSession.start(
            command:
                "\(ProductBinary.photorama) --flickr-url \(server.flickrURL.absoluteString) --thumbnails on --probe-report \(report)",
            columns: 80, rows: 24, environment: ["COLORTERM": "truecolor", "NO_COLOR": "", "FLICKR_API_KEY": DemoAPIKeys.flickr])
        try await tmux.waitForGrid()
        var probes = 0
        func settled() async throws -> String {
            try await tmux.probe(report: report, count: &probes, idle: true)
            return try await tmux.waitForStableScreen()
        }

        // The first card's picture: 23×8 cells from row 2, column 1.
        let grid = try await settled()
        #expect(Self.pictureCells(grid, rows: 2..<10, columns: 1..<24) == [Self.converted], "\(grid)")

        try await tmux.send("v")
        let viewer = try await settled()
        #expect(Self.pictureCells(viewer, rows: 0..<23, columns: 0..<80) == [Self.converted], "\(viewer)")

        try await tmux.send("+")
        let zoomed = try await settled()
        #expect(TmuxSession.statusLine(try await tmux.screen()).hasPrefix("×1.4 · "))
        #expect(Self.pictureCells(zoomed, rows: 0..<23, columns: 0..<80) == [Self.converted], "\(zoomed)")

        try await tmux.send("q", "q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }
}
