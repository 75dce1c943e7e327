import Foundation
import Testing

/// Zoom and pan in the real browser, in tmux over the demo server: `+` zooms in (the caption says how far
/// and from which rendition, a picture stays on screen), `j` pans, `0` fits again; at each step the screen
/// drawn incrementally equals the screen Ctrl-L repaints.
@Suite(.serialized) struct ViewerZoomEndToEndTests {
    // swift test runs with NO_COLOR=1, which tmux passes on; an empty NO_COLOR means colours are fine.
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    static func lines(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

    /// Rows 0–28 (the picture's) holding half blocks: a picture is drawn.
    static func pictureRows(_ screen: String) -> Int {
        lines(screen).prefix(29).filter { $0.contains("▀") }.count
    }

    @Test func zoomInPanAndFitAgain() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --thumbnails off --probe-report \(report)", columns: 100, rows: 30,
            environment: truecolor)
        try await tmux.waitForGrid()
        var summary = IncrementalEqualsRedrawTests.Summary(probeReport: report)
        let redraw = IncrementalEqualsRedrawTests()
        try await tmux.send("v")
        let fitted = try await tmux.waitFor("the viewer on photo 1") { screen in
            TmuxSession.statusLine(screen).hasSuffix("1 of 1,000") && Self.pictureRows(screen) >= 20
        }
        #expect(!TmuxSession.statusLine(fitted).hasPrefix("×"))
        try await tmux.send("+")
        let zoomed = try await tmux.waitFor("zoomed in a step") { screen in
            TmuxSession.statusLine(screen).hasPrefix("×1.4 · ") && Self.pictureRows(screen) >= 29
        }
        #expect(TmuxSession.statusLine(zoomed).hasSuffix("1 of 1,000"))
        try await redraw.checkpoint(tmux, "zoomed ×1.4", &summary)
        try await tmux.send("+")
        _ = try await tmux.waitFor("zoomed in two steps") { screen in
            TmuxSession.statusLine(screen).hasPrefix("×2 · ") && Self.pictureRows(screen) >= 29
        }
        let closer = try await tmux.waitForStableScreen()
        try await tmux.send("j")
        // The same half blocks in other colours: compared with the colours.
        let panned = try await tmux.waitForStableScreen { screen in
            TmuxSession.statusLine(TmuxSession.text(ofColoured: screen)).contains("×2 · ")
                && Self.lines(screen).prefix(29) != Self.lines(closer).prefix(29)
        }
        // Panning is not walking: still photo 1.
        #expect(TmuxSession.statusLine(try await tmux.screen()).hasSuffix("1 of 1,000"))
        #expect(Self.pictureRows(panned) >= 29)
        try await redraw.checkpoint(tmux, "zoomed ×2 and panned down", &summary)
        try await tmux.send("0")
        let fittedAgain = try await tmux.waitFor("fitted again") { screen in
            !TmuxSession.statusLine(screen).hasPrefix("×") && TmuxSession.statusLine(screen).hasSuffix("1 of 1,000")
                && Self.pictureRows(screen) >= 20
        }
        #expect(Self.lines(fittedAgain).prefix(29) == Self.lines(fitted).prefix(29))
        try await redraw.checkpoint(tmux, "fitted again", &summary)
        try await tmux.send("q", "q")
        try await tmux.waitFor(text: "exit=0")
    }
}
