import Foundation
import ScreenCapture
import TestProcesses
import Testing

/// A resize in a real terminal (issue 43): xterm's larger font (Shift and keypad +, xterm's own key) makes
/// its window and every cell larger, the cell count staying 100×30. After the SIGWINCH the browser knows the
/// new cell size in pixels (its probe report says what it draws pictures for) and the screen is exactly
/// what a full redraw paints: no picture or cell of the smaller font stays.
extension RealTerminalTests {
    @Test func afterTheFontGrowsTheCellIsAskedAgainAndTheScreenIsARedraw() async throws {
        let (terminal, report) = try await browser(.xterm(.vt340), images: "sixel")
        defer { try? FileManager.default.removeItem(atPath: report) }
        var probes = 0
        let before = try await terminal.settle(report: report, count: &probes)
        // DejaVu Sans Mono 10 in xterm: 8×17-pixel cells.
        #expect(ProbeReport(CapturedOutput.text(atPath: report))?.cell == "8x17")
        #expect(before.cellWidth == 8 && before.cellHeight == 17)
        try await terminal.press("shift+KP_Add")
        // xterm's next size: 10×19-pixel cells.
        try await terminal.waitForCells(width: 10, height: 19)
        let grown = try await terminal.settle(report: report, count: &probes)
        let probe = try #require(ProbeReport(CapturedOutput.text(atPath: report)))
        #expect(probe.cell == "10x19")
        #expect(probe.size == "100x30")
        try await terminal.press("ctrl+l")
        let redrawn = try await terminal.settle(report: report, count: &probes)
        let differing = grown.differingPixels(from: redrawn)
        if differing != 0 {
            let paths = [terminal.saveForInspection(grown, "grown"), terminal.saveForInspection(redrawn, "redrawn")]
            Issue.record("xterm sixel: after the font grew \(differing) pixels differ from a full redraw (\(paths))")
        }
        try await terminal.press("q")
        #expect(try await terminal.waitForExit() == 0)
    }
}
