import Foundation
import PhotoramaImages
import ScreenCapture
import Testing

/// What kitty mode writes to the terminal (kept by script(1) inside tmux, see `TerminalOutputLog`): a
/// screen seen before is placed again from the images the terminal holds, not sent again, and the images
/// it holds stay bounded however far the user pages.
@Suite(.serialized) struct KittyLinkBytesEndToEndTests {
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    @Test func backToAScreenSeenWritesAtMost20KBAndTheTerminalHoldsABoundedNumberOfImages() async throws {
        let log = try TerminalOutputLog()
        let report = log.folder + "/probe"
        let tmux = try await TmuxSession.start(
            command: log.running("\(ProductBinary.photorama) --demo --seed 7 --images kitty --thumbnails on --probe-report \(report)"),
            columns: 200, rows: 60, environment: truecolor)
        try await tmux.waitForGrid()
        var probes = 0
        try await tmux.probe(report: report, count: &probes, idle: true)
        let first = KittyStream.placements(log.bytes())
        #expect(first.count >= 6)

        // Two screens down: the first PgDn scrolls one row (the selection moves a page and stays in view),
        // the second a screen.
        try await tmux.send("PageDown")
        try await tmux.probe(report: report, count: &probes, idle: true)
        let second = KittyStream.placements(log.bytes())
        #expect(second != first)
        try await tmux.send("PageDown")
        try await tmux.probe(report: report, count: &probes, idle: true)
        #expect(KittyStream.placements(log.bytes()).isDisjoint(with: second))

        // PgUp back to rows seen: their images placed again (same ids), no transmission, at most 20 KB.
        // Then up to the first screen: the same placements as at first, again nothing transmitted.
        let before = log.bytes()
        try await tmux.send("PageUp")
        try await tmux.probe(report: report, count: &probes, idle: true)
        let back = Array(log.bytes()[before.count...])
        // (A chunk without i= goes on a transmission begun before the key: a card sent ahead on a link measured slow.)
        #expect(!GraphicsCommands.kitty(back).contains { ["t", "T"].contains($0.key("a") ?? "t") && $0.key("i") != nil })
        #expect(back.count <= 20_000, "PgUp back wrote \(back.count) bytes")
        print("kitty PgUp back to a screen seen: \(back.count) bytes")
        let top = log.bytes()
        try await tmux.send("PageUp")
        try await tmux.probe(report: report, count: &probes, idle: true)
        #expect(KittyStream.placements(log.bytes()) == first)
        let toTop = GraphicsCommands.kitty(Array(log.bytes()[top.count...]))
        #expect(!toTop.contains { ["t", "T"].contains($0.key("a") ?? "t") && $0.key("i") != nil })

        // Page on, five PgDn at a time, until far more images were sent than the terminal may hold: those on
        // screen and the 160 kept for going back (`KittyPlacements.storedLimit`), and where the browser measured
        // the link slow (a loaded machine's tmux read slowly) the next screen's 25 cards sent ahead while it
        // rested, until the next frame frees the oldest.
        let kept = KittyPlacements().storedLimit + 25
        var stream = KittyStream()
        for _ in 0..<40 where stream.transmitted <= stream.mostPlaced + kept + 24 {
            try await tmux.send(keys: Array(repeating: "PageDown", count: 5))
            try await tmux.probe(report: report, count: &probes, idle: true)
            stream = KittyStream()
            stream.read(log.bytes())
        }
        #expect(stream.errors == [])
        #expect(stream.transmitted > stream.mostPlaced + kept)
        #expect(stream.mostStored <= stream.mostPlaced + kept, "held \(stream.mostStored), placed at most \(stream.mostPlaced)")
        print("kitty paging: \(stream.transmitted) sent, at most \(stream.mostStored) held, \(stream.mostPlaced) placed")
        // A full redraw (Ctrl-L, after which the terminal may have been reset) places the same pictures again,
        // sent again under their ids.
        let shown = KittyStream.placements(log.bytes())
        let redrawFrom = log.bytes().count
        try await tmux.send("C-l")
        try await tmux.probe(report: report, count: &probes, idle: true)
        #expect(KittyStream.placements(log.bytes()) == shown)
        // Up to the redraw's end: the cards then sent ahead on a link measured slow are not the redraw's.
        let redrawn = log.bytes()
        let redrawEnd = KittyPlacementScan.screenEnd(redrawn, from: redrawFrom)
        let redraw = GraphicsCommands.kitty(Array(redrawn[redrawFrom..<redrawEnd]))
        let resent = Set(redraw.filter { $0.key("a") == "t" }.compactMap { $0.key("i") })
        #expect(resent == Set(shown.compactMap { $0.split(separator: "/").first.map(String.init) }))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
