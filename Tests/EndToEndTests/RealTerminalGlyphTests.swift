import Foundation
import Testing

/// What a terminal draws by itself, without Photorama: the reproductions behind the known issues of the
/// browser tests in real terminals (issue 41, point 7).
extension RealTerminalTests {
    /// mlterm 3.9 draws DejaVu Sans Mono's underscore at 14 pixels on the last pixel line of its cell and
    /// the first of the row below: printf alone lights a row that holds no character. Which of the two rows
    /// is drawn last decides whether that line shows, hence the pixels of
    /// `browserWithSixelInMltermEqualsARedrawAfterOverlaysAndPaging` that differ from a redraw.
    @Test func mltermDrawsTheUnderscoreIntoTheRowBelow() async throws {
        let terminal = try await RealTerminal.start(.mlterm, command: "printf '\\033[2J\\033[1;1H________'")
        #expect(try await terminal.waitForExit() == 0)
        let shot = try await terminal.waitForStableScreenshot("the underscores", until: { $0.paintedCells() != nil })
        let painted = shot.paintedCells()
        // Row 2 lit under the underscores of row 1 (the painted area measured 9×2 cells: column 9 too).
        #expect(painted?.row == 0 && painted?.rows == 2, "\(painted?.description ?? "nothing painted")")
        #expect(shot.paintedShare(of: .init(column: 0, row: 1, columns: 8, rows: 1)) > 0)
    }

    /// xterm (DejaVu Sans Mono 10 without antialiasing) draws "…" followed by a space one pixel into the
    /// space's cell, and "…" alone within its own: printf alone, and the same cell's pixels depend on what is
    /// drawn beside it. A truncated title ends in "…", and tmux redraws the cells beside it in its own order,
    /// hence the pixels of `browserInTmuxInsideXtermEqualsARedrawAfterOverlaysAndPaging` that differ from a
    /// redraw.
    @Test func xtermDrawsTheEllipsisIntoTheCellBeside() async throws {
        for (text, columns) in [("…", 1), ("… ", 2)] {
            let terminal = try await RealTerminal.start(.xterm(.vt340), command: "printf '\\033[2J\\033[1;1H\(text)'")
            #expect(try await terminal.waitForExit() == 0)
            let shot = try await terminal.waitForStableScreenshot("the ellipsis", until: { $0.paintedCells() != nil })
            #expect(
                shot.paintedCells() == .init(column: 0, row: 0, columns: columns, rows: 1),
                "“\(text)”: \(shot.paintedCells()?.description ?? "nothing")")
        }
    }
}
