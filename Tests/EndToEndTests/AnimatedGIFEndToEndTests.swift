import Foundation
import Testing

@testable import DemoServer

/// The viewer plays the demo server's animated GIFs: in tmux, in half blocks, the picture changes from one
/// capture to the next while nothing else happens.
@Suite(.serialized) struct AnimatedGIFEndToEndTests {
    @Test func theViewerPlaysADemoGIF() async throws {
        let catalog = DemoCatalog(seed: 1)
        // The first animated photo of the Recent feed (index 0 is the newest).
        let index = try #require((0..<200).first { DemoAnimation.isAnimated(photoID: catalog.photos[$0].id, index: $0) })
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --flickr-url \(server.flickrURL.absoluteString) --images blocks --colors 24bit",
            columns: 80, rows: 24, environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        try await tmux.waitForGrid()
        try await tmux.send("v")
        for _ in 0..<index { try await tmux.send("l") }
        let place = "\(index + 1) of "
        // The picture is drawn when "loading…" is gone and the caption names the photo.
        try await tmux.waitFor("the viewer on photo \(index + 1)") { screen in
            TmuxSession.statusLine(screen).contains(place) && !screen.contains("loading…")
        }
        /// The picture's rows in colour (the caption, the last line, left out).
        func picture() async throws -> String {
            try await tmux.screenWithColours().components(separatedBy: "\n").prefix(23).joined(separator: "\n")
        }
        // ncurses writes placeholder colours and the 24-bit ones follow: wait for those (swift test sets
        // NO_COLOR, which the session clears).
        var first = try await picture()
        let coloured = ContinuousClock.now + .seconds(60)
        while !first.contains("\u{1B}[38;2;"), ContinuousClock.now < coloured {
            try await Task.sleep(for: .milliseconds(20))
            first = try await picture()
        }
        #expect(first.contains("\u{1B}[38;2;"))
        // A frame lasts 120 ms: within the deadline the picture changes, with no key pressed.
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var changed = false
        while clock.now < end, !changed {
            changed = try await picture() != first
            if !changed { try await Task.sleep(for: .milliseconds(20)) }
        }
        let last = try await tmux.screen()
        #expect(changed, "photo \(index + 1): the picture never changed:\n\(last)")
        #expect(TmuxSession.statusLine(try await tmux.screen()).contains(place))
        try await tmux.send("q")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    @Test func showDrawsAGIFAddressAsItsFirstFrame() async throws {
        let catalog = DemoCatalog(seed: 1)
        let index = try #require((0..<200).first { DemoAnimation.isAnimated(photoID: catalog.photos[$0].id, index: $0) })
        let photo = catalog.photos[index]
        let server = try await RunningDemoServer.start(DemoServerConfiguration())
        let url = server.locationsURL.absoluteString + "/\(photo.server)/\(photo.idString)_\(photo.secret)_n.jpg"
        let folder = NSTemporaryDirectory() + "photorama-show-gif-url-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fetched = try await CommandRun.run("/usr/bin/curl", ["-s", "-o", folder + "/a.gif", url])
        #expect(fetched.status == 0)
        let options = ["--images", "blocks", "--colors", "24bit", "--size", "8x3"]
        let fromURL = try await CommandRun.run(ProductBinary.photorama, ["show", url] + options)
        let fromFile = try await CommandRun.run(ProductBinary.photorama, ["show", folder + "/a.gif"] + options)
        await server.stop()
        #expect(fromURL.status == 0, "\(fromURL.stderr)")
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        // Three rows of 24-bit half blocks: the first frame, the same whether read from the address or the file.
        #expect(fromURL.stdout.components(separatedBy: "\n").count == 4)
        #expect(fromURL.stdout.contains("\u{1B}[38;2;"))
        #expect(fromURL.stdout == fromFile.stdout)
    }
}
