import Foundation
import Testing

/// The browser in real terminal emulators: after overlays open and close, and after paging, the screen is
/// pixel for pixel what a full redraw (Ctrl-L) paints.
extension RealTerminalTests {
    /// The browser over the demo server at 100×30, with a probe report to know when a frame is drawn.
    /// `insideTmux`: in a tmux session on a private socket in the terminal's folder, killed with the terminal.
    func browser(_ emulator: TerminalEmulator, images: String, environment: [String: String] = [:], insideTmux: Bool = false)
        async throws -> (RealTerminal, String)
    {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-realterm-probe-\(UUID().uuidString)").path
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-realterm-tmux-\(UUID().uuidString)").path
        let program = "\(ProductBinary.photorama) --demo --seed 7 --images \(images) --thumbnails on --probe-report \(report)"
        let command = insideTmux ? "tmux -S \(socket) -f /dev/null new-session '\(program)'" : program
        let terminal = try await RealTerminal.start(emulator, columns: 100, rows: 30, command: command, environment: environment)
        if insideTmux { terminal.atClose = [["tmux", "-S", socket, "kill-server"], ["rm", "-f", socket]] }
        return (terminal, report)
    }

    /// Opens and closes the help, the network log and the comments, then pages twice: each time the screen
    /// must be exactly what Ctrl-L then paints. `pictureColours`: the grid must show at least that many
    /// distinct colours before and after each overlay (its pictures are there, not only the redraw's).
    func overlaysAndPagingLeaveTheScreenAsARedraw(
        _ emulator: TerminalEmulator, images: String, environment: [String: String] = [:], insideTmux: Bool = false,
        pictureColours: Int = 0
    ) async throws {
        let (terminal, report) = try await browser(emulator, images: images, environment: environment, insideTmux: insideTmux)
        defer { try? FileManager.default.removeItem(atPath: report) }
        var probes = 0
        let before = try await terminal.settle(report: report, count: &probes)
        print("\(emulator) \(images): the grid shows \(before.distinctColours) colours")
        #expect(before.distinctColours >= pictureColours, "\(emulator) \(images): the grid shows \(before.distinctColours) colours")
        for (key, overlay) in [("question", "help"), ("L", "network log"), ("c", "comments")] {
            try await terminal.press(key, changing: before)
            let open = try await terminal.settle(report: report, count: &probes)
            try await terminal.press("Escape", changing: open)
            let after = try await terminal.settle(report: report, count: &probes)
            #expect(
                after.distinctColours >= pictureColours,
                "\(emulator) \(images): after the \(overlay) closed the grid shows \(after.distinctColours) colours")
            // A thumbnail may be made again meanwhile (under load, once in a while, in other colours), so the
            // reference is what a full redraw paints now; a picture left unpainted differs from it.
            try await terminal.press("ctrl+l")
            let redrawn = try await terminal.settle(report: report, count: &probes)
            let differing = after.differingPixels(from: redrawn)
            if differing != 0 {
                let paths = [terminal.saveForInspection(after, "after-\(key)"), terminal.saveForInspection(redrawn, "redrawn-\(key)")]
                Issue.record("\(emulator) \(images): after the \(overlay) closed \(differing) pixels differ from a full redraw (\(paths))")
            }
        }
        try await terminal.press("Next", changing: before)
        try await terminal.settle(report: report, count: &probes)
        try await terminal.press("Next")
        let paged = try await terminal.settle(report: report, count: &probes)
        try await terminal.press("ctrl+l")
        let redrawn = try await terminal.settle(report: report, count: &probes)
        let differing = redrawn.differingPixels(from: paged)
        if differing != 0 {
            let paths = [terminal.saveForInspection(paged, "paged"), terminal.saveForInspection(redrawn, "redrawn")]
            Issue.record("\(emulator) \(images): after paging \(differing) pixels differ from a full redraw (\(paths))")
        }
        try await terminal.press("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func browserWithSixelInXtermEqualsARedrawAfterOverlaysAndPaging() async throws {
        try await overlaysAndPagingLeaveTheScreenAsARedraw(.xterm(.vt340), images: "sixel")
    }

    @Test func browserWithTrueColourHalfBlocksInXtermEqualsARedrawAfterOverlaysAndPaging() async throws {
        try await overlaysAndPagingLeaveTheScreenAsARedraw(.xterm(.vt340), images: "blocks", environment: ["COLORTERM": "truecolor"])
    }

    @Test func browserWithKittyGraphicsInKittyEqualsARedrawAfterOverlaysAndPaging() async throws {
        try await overlaysAndPagingLeaveTheScreenAsARedraw(.kitty, images: "kitty")
    }

    /// VTE (xfce4-terminal) with `auto`: 24-bit sextants drawn by VTE itself. The grid's pictures show about
    /// 2,000 colours, the help over them about 800, text alone a few dozen.
    @Test(.needs(TerminalEmulator.xfce4Terminal.packages, for: "VTE"))
    func browserInVTEEqualsARedrawAfterOverlaysAndPaging() async throws {
        try await overlaysAndPagingLeaveTheScreenAsARedraw(.xfce4Terminal, images: "auto", pictureColours: 1_000)
    }

    /// foot on a headless sway with `auto`: sixel.
    @Test(.needs(TerminalEmulator.foot.packages, for: "foot on Wayland"))
    func browserInFootEqualsARedrawAfterOverlaysAndPaging() async throws {
        try await overlaysAndPagingLeaveTheScreenAsARedraw(.foot, images: "auto", pictureColours: 1_000)
    }

    /// Known and left open: in mlterm 3.9 glyphs of DejaVu Sans Mono at 14 pixels (the underscore) reach into
    /// the row below, so the order rows are drawn in shows: 8 pixels after an overlay closes, 30 after
    /// paging, in most runs; the pictures themselves match the redraw.
    /// The terminal's, shown with printf alone: `mltermDrawsTheUnderscoreIntoTheRowBelow`.
    @Test func browserWithSixelInMltermEqualsARedrawAfterOverlaysAndPaging() async throws {
        await withKnownIssue("mlterm: glyphs drawn past their cell", isIntermittent: true) {
            try await overlaysAndPagingLeaveTheScreenAsARedraw(.mlterm, images: "sixel")
        }
    }

    /// tmux inside xterm: `auto` draws half blocks there (tmux passes neither protocol on). Known and left
    /// open: tmux redraws text cells in its own order and xterm's anti-aliased glyphs reach one pixel column
    /// into the next cell, so 1–5 pixels can differ from the redraw (seen next to a title's last glyph).
    /// The terminal's, shown with printf alone: `xtermDrawsTheEllipsisIntoTheCellBeside`.
    @Test func browserInTmuxInsideXtermEqualsARedrawAfterOverlaysAndPaging() async throws {
        await withKnownIssue("xterm: glyph pixels past their cell, drawn in tmux's order", isIntermittent: true) {
            try await overlaysAndPagingLeaveTheScreenAsARedraw(.xterm(.vt340), images: "auto", insideTmux: true)
        }
    }
}
