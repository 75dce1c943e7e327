import DemoServer
import Foundation
import ScreenCapture
import TestProcesses
import Testing

/// kitty pictures inside tmux: Unicode placeholders in tmux's own cells, the images sent through its
/// passthrough. tmux is the terminal here, so its grid is what the test reads: the placeholders and their
/// colour (the image id) are in `capture-pane -e`.
@Suite(.serialized) struct TmuxKittyPlaceholderTests {
    /// The placeholder cells of a `capture-pane -e` screen: their row and foreground colour.
    static func placeholderCells(_ capture: String) -> [(row: Int, foreground: String)] {
        CapturedScreen(capture).rows.enumerated().flatMap { row, cells in
            cells.filter { $0.unicodeScalars.first == "\u{10EEEE}" }.map { cell in
                (row, String(cell.split(separator: "|", omittingEmptySubsequences: false)[2]))
            }
        }
    }

    /// Whether `text` holds a placeholder. By scalars: each is a grapheme with its marks, which a
    /// Character-wise `contains` would not match.
    static func hasPlaceholder(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains("\u{10EEEE}")
    }

    @Test func browserThumbnailsArePlaceholdersAndPagingAndOverlaysLeaveTheScreenAFullRedrawDraws() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --images kitty --thumbnails on --probe-report \(report)",
            columns: 100, rows: 30)
        try await tmux.waitForGrid()
        var probes = 0
        try await tmux.probe(report: report, count: &probes, idle: true)
        // The browser allowed the passthrough its images need, for its own pane.
        let option = try await tmux.tmux(["show-options", "-p", "-t", tmux.name, "allow-passthrough"])
        #expect(option.trimmingCharacters(in: .whitespacesAndNewlines) == "allow-passthrough on")
        for keys in [["PageDown"], ["PageDown"], ["?"], ["Escape"], ["L"], ["Escape"], ["Right"], ["PageUp"]] {
            // Each key's screen is whole before the next: a fixed "stopped changing" window once took the screen
            // before the PgUp for the settled one on a loaded machine, and the redraw showed the page it went to.
            try await tmux.press(keys, report: report, count: &probes)
        }
        let incremental = try await tmux.screenWithColours()
        #expect(!incremental.contains("loading…"))
        // Every thumbnail cell is a placeholder in a palette colour, the image's id.
        let cells = Self.placeholderCells(incremental)
        #expect(cells.count >= 6 * 50)
        #expect(cells.allSatisfy { $0.foreground.hasPrefix("38;5;") })
        try await tmux.wipeBehindTheProgram()
        try await tmux.send(keys: ["C-l"])
        try await tmux.waitForScreen(equalTo: incremental, "after paging and overlays with kitty placeholders")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func showWritesPlaceholderRowsAndTheImageReachesTheTerminalOutsideTmux() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-placeholders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let inner = "photorama-inner-\(UUID().uuidString.prefix(8))"
        defer {
            let stop = try? ChildProcess(
                "/usr/bin/env", ["tmux", "-L", inner, "kill-server"], environment: ProcessInfo.processInfo.environment)
            _ = stop?.waitBlocking()
            TmuxSocketFolder.removeSocket(inner)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let photo = folder + "/photo.jpg"
        #expect(FileManager.default.createFile(atPath: photo, contents: Data(SampleImage.jpeg(width: 400, height: 300))))
        let log = folder + "/outside"
        // An inner tmux whose client's terminal is script(1)'s pty, which keeps every byte tmux sends out: the
        // passthrough arrives there unwrapped, as kitty would read it.
        let show = "\(ProductBinary.photorama) show --images kitty --size 20x5 \(photo); echo shown-$((6 * 7)); sleep 60"
        let innerTmux = "tmux -L \(inner) -f /dev/null new-session -x 60 -y 15 \(TmuxSession.shellQuote(show))"
        let tmux = try await TmuxSession.start(
            command: "script -q -f -e -c \(TmuxSession.shellQuote(innerTmux)) \(log)", columns: 80, rows: 20)
        try await tmux.waitFor(text: "shown-42")
        let innerScreen = try await ShellSpawn.run("tmux -L \(inner) capture-pane -p -e")
        // A 400×300 photo in 20×5 cells is 5 rows of placeholders (fitted by the cell's pixel size), all in
        // the image's colour.
        let cells = Self.placeholderCells(innerScreen.output)
        #expect(Set(cells.map(\.row)) == [0, 1, 2, 3, 4])
        let colour = try #require(cells.first?.foreground.dropFirst("38;5;".count))
        #expect(cells.allSatisfy { $0.foreground == "38;5;\(colour)" })
        let clock = ContinuousClock()
        let end = clock.now + .seconds(30)
        var outside = ""
        while clock.now < end {
            outside = CapturedOutput.text(atPath: log)
            if outside.contains("a=p,U=1") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        // The transmission and the virtual placement came out of tmux unwrapped, under one id whose low byte
        // is the placeholders' colour.
        let placement = try #require(outside.firstMatch(of: #/\x1B_Ga=p,U=1,i=([0-9]+),c=([0-9]+),r=5,q=2\x1B\\/#))
        let id = try #require(UInt32(placement.1))
        #expect(id & 0xFF == UInt32(colour))
        #expect(outside.contains("\u{1B}_Ga=t,f=100,"))
        #expect(outside.contains(",i=\(id),q=2,m="))
        #expect(!outside.contains("\u{1B}Ptmux;"))
    }
}
