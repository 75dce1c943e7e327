import Foundation
import Testing

/// The zoomed viewer in real terminal emulators, drawn with a graphics protocol: after zooming in, panning and
/// fitting again, the screen is pixel for pixel what a full redraw (Ctrl-L) paints.
extension RealTerminalTests {
    func zoomLeavesTheScreenAsARedraw(_ emulator: TerminalEmulator, images: String) async throws {
        let (terminal, report) = try await browser(emulator, images: images)
        defer { try? FileManager.default.removeItem(atPath: report) }
        var probes = 0
        let grid = try await terminal.settle(report: report, count: &probes)
        try await terminal.press("v", changing: grid)
        var shown = try await terminal.settle(report: report, count: &probes)
        for (key, what) in [("plus", "zoomed in"), ("plus", "zoomed in again"), ("j", "panned down"), ("0", "fitted again")] {
            try await terminal.press(key, changing: shown)
            shown = try await terminal.settle(report: report, count: &probes)
            try await terminal.press("ctrl+l")
            let redrawn = try await terminal.settle(report: report, count: &probes)
            let differing = shown.differingPixels(from: redrawn)
            if differing != 0 {
                let paths = [terminal.saveForInspection(shown, "zoom-\(key)"), terminal.saveForInspection(redrawn, "zoom-redrawn-\(key)")]
                Issue.record("\(emulator) \(images): \(what), \(differing) pixels differ from a full redraw (\(paths))")
            }
            shown = redrawn
        }
        try await terminal.press("q")
        try await terminal.press("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func zoomedViewerWithKittyGraphicsInKittyEqualsARedraw() async throws {
        try await zoomLeavesTheScreenAsARedraw(.kitty, images: "kitty")
    }

    @Test func zoomedViewerWithSixelInXtermEqualsARedraw() async throws {
        try await zoomLeavesTheScreenAsARedraw(.xterm(.vt340), images: "sixel")
    }
}
