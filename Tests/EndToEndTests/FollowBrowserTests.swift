import DemoServer
import Foundation
import TestProcesses
import Testing

/// `o`, `y`, `Y`, `u`, Esc and `browse --user/--gallery/--text/--near` in the real binary, in tmux, against a
/// demo server this test starts on 127.0.0.1 (so it knows the server's user and gallery ids).
@Suite(.serialized, .ownThread) struct FollowBrowserTests {
    // MARK: - Helpers
    /// A private folder for the fake browser and what it records.
    func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The first photo of the server's Recent feed, as `photorama recent --format json` reports it.
    func firstRecent(_ server: RunningDemoServer) async throws -> [String: Any] {
        let result = try await CommandRun.run(
            ProductBinary.photorama,
            ["recent", "--demo", "--flickr-url", server.flickrURL.absoluteString, "--format", "json", "--limit", "1"])
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return try #require(array?.first)
    }

    /// The browser against `server`; `arguments` go first (a subcommand and its options).
    func browser(_ server: RunningDemoServer, _ arguments: String = "") -> String {
        "\(ProductBinary.photorama) \(arguments) --demo --flickr-url \(server.flickrURL.absoluteString) --seed 3"
    }

    /// Waits for a file to exist and be complete (the fake browser writes a last "end" line).
    func waitForRecord(_ url: URL, deadline: Duration = .seconds(60)) async throws -> [String] {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            let text = CapturedOutput.text(atPath: url.path)
            if text.hasSuffix("end\n") {
                return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).map(String.init)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxSession.Failure(description: "the fake browser never recorded its arguments in \(url.path)")
    }

    // MARK: - Opening in a browser
    @Test func oStartsBrowserWithExactArgumentsAndNothingReachesTheScreen() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("argv.txt")
        let script = folder.appendingPathComponent("fake-browser")
        // Prints on both streams: neither may reach the screen.
        try """
        #!/bin/sh
        echo BROWSER-NOISE-OUT
        echo BROWSER-NOISE-ERR >&2
        { printf '%s\\n' "$0" "$@"; echo end; } > '\(record.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o700)
        let pageURL = try #require(try await firstRecent(server)["pageURL"] as? String)

        let tmux = try await TmuxSession.start(
            command: browser(server), columns: 120, rows: 40, environment: ["BROWSER": "\(script.path) --new-window"])
        try await tmux.waitForGrid()
        try await tmux.send("o")
        let argv = try await waitForRecord(record)
        #expect(argv == [script.path, "--new-window", pageURL])
        let screen = try await tmux.waitFor(text: "Opening \(pageURL)")
        #expect(!screen.contains("BROWSER-NOISE"))
        try await tmux.send("q")
        let after = try await tmux.waitFor(text: "exit=0")
        #expect(!after.contains("BROWSER-NOISE"))
        await server.stop()
    }

    @Test func oWithoutAnyBrowserSaysSoOnTheStatusLine() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        // No $BROWSER, and a PATH where xdg-open cannot be.
        let tmux = try await TmuxSession.start(command: "PATH=/nonexistent " + browser(server), columns: 120, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.send("o")
        try await tmux.waitFor(text: "No browser: set $BROWSER or install xdg-open")
        // The browser keeps working: the next key clears the line.
        try await tmux.send("Right")
        try await tmux.waitFor("the notice cleared") { !$0.contains("No browser") && TmuxSession.showsPhotos($0) }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    // MARK: - Copying to the clipboard
    @Test func yAndCapitalYReachTmuxsClipboardThroughOSC52() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let first = try await firstRecent(server)
        let pageURL = try #require(first["pageURL"] as? String)
        let imageURL = try #require(first["imageURL"] as? String)
        let tmux = try await TmuxSession.start(command: browser(server), columns: 120, rows: 40)
        try await tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try await tmux.waitForGrid()
        try await tmux.send("y")
        try await tmux.waitFor(text: "Copied page URL: \(pageURL)")
        #expect(try await waitForBuffer(tmux) { $0 == pageURL } == pageURL)
        try await tmux.send("Y")
        try await tmux.waitFor(text: "Copied image URL:")
        // Image addresses name the image host of whichever demo server answered (each run embeds its own
        // for images): the path is what identifies the largest rendition.
        let imagePath = try #require(URL(string: imageURL)?.path)
        let buffer = try await waitForBuffer(tmux) { URL(string: $0)?.path == imagePath }
        #expect(URL(string: buffer)?.path == imagePath, "buffer \(buffer)")
        #expect(buffer.hasPrefix("http://127.0.0.1:"))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    /// tmux's newest paste buffer once `accept` takes it, else what it last held.
    func waitForBuffer(_ tmux: TmuxSession, _ accept: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var last = ""
        while clock.now < end {
            last = (try? await tmux.tmux(["show-buffer"])) ?? ""
            if accept(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        return last
    }

    // MARK: - Following an owner
    @Test func uShowsTheOwnersPhotosAndEscComesBackToTheSameSelection() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        // No pictures: the pane's first line is the selected photo's title.
        let tmux = try await TmuxSession.start(command: browser(server, "--images none"), columns: 120, rows: 40)
        let first = Self.paneTitle(try await tmux.waitForGrid())
        try await tmux.send("Right")
        let moved = try await tmux.waitFor("the selection moved") { Self.paneTitle($0) != first }
        let selected = try #require(Self.paneTitle(moved))
        try await tmux.send("U")
        try await tmux.waitFor("the owner's photos") { TmuxSession.showsPhotos(of: "Photos by ", $0) }
        try await tmux.send("Escape")
        try await tmux.waitFor("Recent with the same photo selected") {
            $0.contains("Recent · page") && Self.paneTitle($0) == selected
        }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    /// The detail pane's first line (row 2, right of the grid's border): the selected photo's title.
    static func paneTitle(_ screen: String) -> String? {
        let lines = screen.components(separatedBy: "\n")
        guard lines.count > 2, let bar = lines[2].firstIndex(of: "│") else { return nil }
        let title = lines[2][lines[2].index(after: bar)...].trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    // MARK: - Browse options
    @Test(arguments: [
        ("user", "User "), ("gallery", "Gallery "), ("text", "Search “sunset”"), ("near", "Near 48.8566, 2.3522 (10 km)"),
    ])
    func browseOptionsOpenTheirFeed(option: String, header: String) async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let value: String
        var expected = header
        switch option {
        case "user":
            value = try #require(server.userIDs.first)
            expected += value
        case "gallery":
            let id = try #require(server.galleryIDs.first)
            // The page address form, with the short id the page shows.
            let short = String(id.split(separator: "-").last ?? "")
            value = "https://www.flickr.com/photos/someone/galleries/\(short)/"
            expected += short
        case "text": value = "sunset"
        default: value = "48.8566, 2.3522 10km"
        }
        let tmux = try await TmuxSession.start(
            command: browser(server, "browse --\(option) \(TmuxSession.shellQuote(value))"), columns: 120, rows: 40)
        let screen = try await tmux.waitForGrid()
        let header = screen.components(separatedBy: "\n").first ?? ""
        #expect(header.contains(expected), "header: \(header)")
        #expect(header.contains("3 Search"))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    @Test func browseRefusesTwoFeedsAndABadGallery() async throws {
        let both = try await CommandRun.run(ProductBinary.photorama, ["browse", "--user", "1@N01", "--text", "x"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("Give one of --user, --gallery, --album, --group, --text and --near"))
        let gallery = try await CommandRun.run(ProductBinary.photorama, ["browse", "--gallery", "cats"])
        #expect(gallery.status == 2)
        #expect(gallery.stderr.contains("Not a gallery id or flickr.com/photos/USER/galleries/ID address"))
        let near = try await CommandRun.run(ProductBinary.photorama, ["browse", "--near", "sunset"])
        #expect(near.status == 2)
        #expect(near.stderr.contains("--near must be \"LAT, LON [RADIUS]\""))
    }
}
