import Foundation
import TestProcesses
import Testing

@testable import DemoServer

/// The viewer plays the demo server's animated GIFs: in tmux, in half blocks, the settled picture changes
/// while nothing else happens, and comes back to its first frame.
@Suite(.serialized, .ownThread) struct AnimatedGIFEndToEndTests {
    @Test func theViewerPlaysADemoGIF() async throws {
        let catalog = DemoCatalog(seed: 1)
        // The first animated photo of the Recent feed (index 0 is the newest).
        let index = try #require(DemoAnimation.firstAnimatedPlace(in: catalog))
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
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
        // A settled frame: the same capture twice in a row, in 24-bit colour. ncurses writes placeholder
        // colours and the 24-bit ones follow (swift test sets NO_COLOR, which the session clears), so a capture
        // between the two is no frame of the GIF.
        var previous = ""
        func settledFrame() async throws -> String? {
            let capture = try await picture()
            defer { previous = capture }
            return capture == previous && capture.contains("\u{1B}[38;2;") ? capture : nil
        }
        // With no key pressed the frames change every 120 ms, and they come back: the GIF (8 frames, looping
        // forever) plays, and loops. A capture seen twice can still be a frame half written (the program
        // descheduled mid-write on a loaded machine: a suite run saw 9 pictures and its first never came
        // back); such a picture is seen once, while the GIF's own frames come back every loop. So the
        // sampling ends when the first picture that came back has come back again, a whole loop later, and
        // at least two pictures have come back (a loaded run's sparse captures saw only one by then); the
        // GIF's frames are the pictures seen more than once.
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var seen: [String] = []
        var times: [String: Int] = [:]
        var cameBack: String?
        var loopedTwice = false
        while clock.now < end, !(loopedTwice && times.values.filter({ $0 > 1 }).count >= 2) {
            guard let frame = try await settledFrame() else { continue }
            if seen.last != frame {
                if let cameBack { loopedTwice = loopedTwice || frame == cameBack } else if times[frame] != nil { cameBack = frame }
                seen.append(frame)
                times[frame, default: 0] += 1
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let last = try await tmux.screen()
        #expect(loopedTwice, "photo \(index + 1): no picture came back twice after others:\n\(last)")
        let frames = times.values.filter { $0 > 1 }.count
        #expect((2...DemoAnimation.frameCount).contains(frames), "\(frames) pictures seen more than once, \(times.count) in all")
        #expect(TmuxSession.statusLine(try await tmux.screen()).contains(place))
        try await tmux.send("q")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    @Test func showDrawsAGIFAddressAsItsFirstFrame() async throws {
        let catalog = DemoCatalog(seed: 1)
        let index = try #require(DemoAnimation.firstAnimatedPlace(in: catalog))
        let photo = catalog.photos[index]
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let url = server.locationsURL.absoluteString + "/\(photo.server)/\(photo.idString)_\(photo.secret)_n.jpg"
        let folder = NSTemporaryDirectory() + "photorama-show-gif-url-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fetched = try await CommandRun.run("/usr/bin/curl", ["-s", "-o", folder + "/a.gif", url])
        #expect(fetched.status == 0)
        // The GIF's first and last frames as stills, taken out by ImageMagick (not by photorama's decoder).
        for (frame, name) in [(0, "first"), (DemoAnimation.frameCount - 1, "last")] {
            let converted = try await CommandRun.run(
                "/usr/bin/convert", [folder + "/a.gif[\(frame)]", "-strip", "PNG24:" + folder + "/\(name).png"])
            #expect(converted.status == 0, "\(converted.stderr)")
        }
        let options = ["--images", "blocks", "--colors", "24bit", "--size", "16x6"]
        let fromURL = try await CommandRun.run(ProductBinary.photorama, ["show", url] + options)
        let firstFrame = try await CommandRun.run(ProductBinary.photorama, ["show", folder + "/first.png"] + options)
        let lastFrame = try await CommandRun.run(ProductBinary.photorama, ["show", folder + "/last.png"] + options)
        await server.stop()
        #expect(fromURL.status == 0, "\(fromURL.stderr)")
        #expect(firstFrame.status == 0, "\(firstFrame.stderr)")
        // Six rows of 24-bit half blocks: the first frame, as the first frame's still draws it, not the last.
        #expect(fromURL.stdout.components(separatedBy: "\n").count == 7)
        #expect(fromURL.stdout.contains("\u{1B}[38;2;"))
        #expect(fromURL.stdout == firstFrame.stdout)
        #expect(firstFrame.stdout != lastFrame.stdout)
    }
}
