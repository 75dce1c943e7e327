import Foundation
import ScreenCapture
import Testing

/// The browser with thumbnails and true pixels, in tmux over the demo server.
@Suite(.serialized) struct BrowserPixelsTests {
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    @Test func pagingTwentyScreensOfThumbnailsThenCtrlLLeavesTheSameScreen() async throws {
        // Inside tmux auto draws half blocks (tmux drops both protocols): thumbnails are 24-bit cells.
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --thumbnails on --probe-report \(report)", columns: 100, rows: 30,
            environment: truecolor)
        try await tmux.waitForGrid()
        var probes = 0
        try await tmux.probe(report: report, count: &probes, idle: true)
        // The screen is taken once the browser reports a frame drawn after all 20 keys with nothing in flight:
        // a fixed "stopped changing" window can end in a pause between two pages on a loaded machine.
        try await tmux.press(Array(repeating: "PageDown", count: 20), report: report, count: &probes)
        let incremental = try await tmux.screenWithColours()
        #expect(!incremental.contains("loading…") && incremental.contains("▀"), "\(incremental)")
        try await tmux.wipeBehindTheProgram()
        try await tmux.send(keys: ["C-l"])
        try await tmux.waitForScreen(equalTo: incremental, "after 20 screens of thumbnails")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func aKittySessionPlacesThumbnailsAndLeavesNoImageBehind() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-kitty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("output").path
        // `script` gives the browser a terminal of its own and keeps every byte it writes; tmux drops the
        // kitty commands it does not understand, so the screen stays readable. Without TMUX the browser takes
        // script's terminal for kitty itself (inside tmux it would draw placeholders: TmuxKittyPlaceholderTests).
        let command =
            "script -q -f -e -c 'env -u TMUX \(ProductBinary.photorama) --demo --seed 7 --images kitty --thumbnails on' \(log)"
        let tmux = try await TmuxSession.start(command: command, columns: 100, rows: 30, environment: truecolor)
        try await tmux.waitForGrid()
        var placedEver = 0
        func placed() throws -> KittyStream {
            var stream = KittyStream()
            stream.read(Array(try Data(contentsOf: URL(fileURLWithPath: log))))
            return stream
        }
        // Thumbnails placed on the first screen.
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        while try placed().placements.count < 6 {
            guard clock.now < end else { throw TmuxSession.Failure(description: "no six kitty placements within 60 s") }
            try await Task.sleep(for: .milliseconds(50))
        }
        for keys in [["PageDown"], ["PageDown"], ["?"], ["Escape"], ["v"], ["l"], ["Escape"], ["PageUp"]] {
            try await tmux.send(keys: keys)
            try await tmux.waitForStableScreen()
            let stream = try placed()
            placedEver = max(placedEver, stream.placements.count)
            #expect(stream.errors == [])
        }
        // Under load an Escape can merge with the next key (Alt-…) and leave the viewer open, where q only
        // goes back: press q until the program has left.
        for attempt in 1...4 {
            try await tmux.send("q")
            do {
                try await tmux.waitFor(text: "exit=0", deadline: .seconds(attempt == 4 ? 60 : 10))
                break
            } catch  where attempt < 4 {
                continue
            }
        }
        // script(1) may still be writing the last bytes to its log: wait for the terminal to be left
        // (rmcup, which the browser writes after deleting its images).
        func hasLeftTheScreen() throws -> Bool {
            try Data(contentsOf: URL(fileURLWithPath: log)).range(of: Data("\u{1B}[?1049l".utf8)) != nil
        }
        let leaveDeadline = clock.now + .seconds(30)
        while try !hasLeftTheScreen(), clock.now < leaveDeadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(try hasLeftTheScreen())
        let stream = try placed()
        #expect(placedEver >= 6)
        #expect(stream.transmitted > 6)
        #expect(stream.placements.isEmpty)
        #expect(stream.stored.isEmpty)
        #expect(stream.errors == [])
    }
}

/// The kitty commands in a terminal's output stream (APC G … ST): stored images and placements as a
/// kitty terminal would keep them. Every command must carry q=2 (no answer into the input).
struct KittyStream {
    var stored: Set<String> = []
    var placements: Set<String> = []
    var transmitted = 0
    /// The most images stored and placed at any moment of the stream.
    var mostStored = 0
    var mostPlaced = 0
    var errors: [String] = []

    mutating func read(_ bytes: [UInt8]) {
        var continuing = false
        // A command still being written (no ST yet) is not among them.
        for command in KittyPlacementScan.commands(bytes) {
            let (keys, control) = (command.keys, command.control)
            if continuing {
                continuing = keys["m"] == "1"
                continue
            }
            continuing = keys["m"] == "1"
            if keys["q"] != "2" { errors.append("without q=2: \(control)") }
            let id = keys["i"] ?? ""
            switch keys["a"] ?? "t" {
            case "t", "T":
                stored.insert(id)
                transmitted += 1
                mostStored = max(mostStored, stored.count)
            case "f", "a":
                // An animated GIF's frames and its run (kitty animation) belong to an image already stored.
                if !stored.contains(id) { errors.append("animation of unknown image \(id)") }
            case "p":
                if !stored.contains(id) { errors.append("placement of unknown image \(id)") }
                placements.insert("\(id)/\(keys["p"] ?? "0")")
                mostPlaced = max(mostPlaced, placements.count)
            case "d":
                switch keys["d"] ?? "a" {
                case "i", "I":
                    if let placement = keys["p"] {
                        placements.remove("\(id)/\(placement)")
                    } else {
                        placements = placements.filter { !$0.hasPrefix("\(id)/") }
                    }
                    if keys["d"] == "I" { stored.remove(id) }
                case "a": placements = []
                case "A":
                    placements = []
                    stored = []
                default: errors.append("unknown delete \(control)")
                }
            default: errors.append("unknown action \(control)")
            }
        }
    }
}
