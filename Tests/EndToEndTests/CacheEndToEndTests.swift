import DemoServer
import Foundation
import TestProcesses
import Testing

/// The response cache through the real binary: browse once against a demo server this test starts, stop
/// the server, and the next launch still shows the grid, from the cache, and says so.
@Suite(.serialized, .ownThread) struct CacheEndToEndTests {
    // MARK: - Helpers
    func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-cache-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func browser(_ flickrURL: String, _ extra: String = "") -> String {
        "\(ProductBinary.photorama) --flickr-url \(flickrURL) --seed 3 \(extra)"
    }

    // MARK: - Launching from the cache
    @Test func cachedLaunchShowsTheGridWithNoServerRunning() async throws {
        let cacheHome = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let flickrURL = server.flickrURL.absoluteString
        // A key, as with the real service; the demo server's own key, so it answers.
        let environment = ["XDG_CACHE_HOME": cacheHome, "FLICKR_API_KEY": DemoAPIKeys.flickr]

        // The first page is stored after this instant, so its age at the next launch is below the time since.
        let beforeStore = ContinuousClock.now
        let online = try await TmuxSession.start(command: browser(flickrURL), environment: environment)
        let first = try await online.waitForGrid()
        #expect(!first.contains("cached"))
        try await online.send("q")
        try await online.waitFor(text: "exit=0")
        await server.stop()

        // The same URL, now dead: the first page comes from the cache at once, and the status line says so.
        // Recent answers stay fresh for 2 minutes (CacheKind), so within a minute of storing it is still fresh,
        // nothing is asked again and the age reads "just now"; on a machine slower than that (the suite under
        // ThreadSanitizer took 3 minutes here) it may be stale, and then the dead server makes it offline.
        let dead = try await TmuxSession.start(command: browser(flickrURL), environment: environment)
        let screen = try await dead.waitFor("a cached grid") { TmuxSession.showsPhotos(of: "cached ", $0) }
        if ContinuousClock.now - beforeStore < .seconds(55) {
            #expect(TmuxSession.statusLine(screen).contains("· cached just now"))
        } else {
            #expect(TmuxSession.statusLine(screen).range(of: #"(· |offline: )cached [0-9a-z ]+"#, options: .regularExpression) != nil)
        }
        #expect(Self.cards(screen) == Self.cards(first))
        try await dead.send("q")
        try await dead.waitFor(text: "exit=0")

        // --offline never tries the network.
        let offline = try await TmuxSession.start(command: browser(flickrURL, "--offline"), environment: environment)
        let offlineScreen = try await offline.waitFor("an offline grid") { TmuxSession.showsPhotos(of: "offline: cached", $0) }
        #expect(Self.cards(offlineScreen) == Self.cards(first))
        try await offline.send("q")
        try await offline.waitFor(text: "exit=0")

        // `photorama cache` counts what the browse stored; no key of the demo server is in it.
        let stats = try await CommandRun.run(ProductBinary.photorama, ["cache"], environment: environment)
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("path:    \(cacheHome)/photorama\n"))
        #expect(stats.stdout.range(of: #"answers: [1-9]"#, options: .regularExpression) != nil)
        let cleared = try await CommandRun.run(ProductBinary.photorama, ["cache", "--clear"], environment: environment)
        #expect(cleared.stdout == "Cleared \(cacheHome)/photorama\n")
        let empty = try await CommandRun.run(ProductBinary.photorama, ["cache"], environment: environment)
        #expect(empty.stdout.contains("answers: 0\nimages:  0\n"))
    }

    /// The next launch opens the feed shown at quit (a search here), from the cache, with no server; a
    /// `tab` in the config file says what to open instead.
    @Test func theNextLaunchOpensTheFeedShownLast() async throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let flickrURL = server.flickrURL.absoluteString
        let environment = [
            "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config", "FLICKR_API_KEY": DemoAPIKeys.flickr,
        ]

        // The server's first text search builds its word index over the whole catalog: seconds in a
        // sanitizer build on a busy machine, past the browser's 15 s request timeout. Made first, so the
        // browser's search below is an ordinary one.
        await server.prepareWholeCatalog()

        let online = try await TmuxSession.start(command: browser(flickrURL), environment: environment)
        try await online.waitForGrid()
        try await online.send("/")
        try await online.send("harbor", literal: true)
        try await online.send("Enter")
        let searched = try await online.waitFor("search results") { TmuxSession.showsPhotos(of: "Search “harbor”", $0) }
        try await online.send("q")
        try await online.waitFor(text: "exit=0")
        await server.stop()

        let again = try await TmuxSession.start(command: browser(flickrURL), environment: environment)
        let screen = try await again.waitFor("the search from the cache") {
            TmuxSession.showsPhotos(of: "Search “harbor”", $0) && TmuxSession.showsPhotos(of: "· cached just now", $0)
        }
        #expect(Self.cards(screen) == Self.cards(searched))
        try await again.send("q")
        try await again.waitFor(text: "exit=0")

        // The config file's tab wins over the feed shown last.
        try FileManager.default.createDirectory(atPath: home + "/config/photorama", withIntermediateDirectories: true)
        try "tab = \"saved\"\n".write(toFile: home + "/config/photorama/config.toml", atomically: true, encoding: .utf8)
        let configured = try await TmuxSession.start(command: browser(flickrURL), environment: environment)
        let saved = try await configured.waitFor(text: "No saved photos yet")
        #expect(!saved.contains("harbor"))
        try await configured.send("q")
        try await configured.waitFor(text: "exit=0")
    }

    /// What CI once captured while the search's first frame was half written: the header already names the
    /// search, the grid and the status line are still the recent feed's. It is not the search's results.
    @Test func aHalfWrittenFrameIsNotTakenForTheResults() {
        let halfWritten = [
            "1 Recent  2 Popular  3 Search  4 Locations  5 Saved                     Search “harbor” · Flickr · demo data",
            "Search: harbor", "", " 2025-05-29 10:30         2025-04-17 07:14         2024-07-18 02:12",
            "Recent · Flickr · page 1 of 10 · 100 of 1,000 photos            / search  Enter detail  ? help  q quit", "",
        ].joined(separator: "\n")
        #expect(TmuxSession.statusLine(halfWritten).hasPrefix("Recent · Flickr · page 1"))
        #expect(TmuxSession.showsPhotos(halfWritten))
        #expect(!TmuxSession.showsPhotos(of: "Search “harbor”", halfWritten))
        let whole = halfWritten.replacingOccurrences(
            of: "Recent · Flickr · page 1 of 10 · 100 of 1,000", with: "Search “harbor” · page 1 of 16 · 100 of 1,516")
        #expect(TmuxSession.showsPhotos(of: "Search “harbor”", whole))
    }

    // MARK: - Cache size and offline subcommands
    @Test func theCacheBoundIsTheConfigFilesCacheSize() async throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/config/photorama", withIntermediateDirectories: true)
        try "cache_size = 64\n".write(toFile: home + "/config/photorama/config.toml", atomically: true, encoding: .utf8)
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["cache"],
            environment: [
                "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        // An empty cache still has its database files; the bound is what the file says.
        #expect(result.stdout.range(of: #"size:    [0-9.]+ KB of 64.0 MB\n"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func offlineSubcommandSaysWhatIsNotCachedInOneLine() async throws {
        let cacheHome = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["search", "--text", "lighthouse", "--offline", "--flickr-url", "http://127.0.0.1:9/services/rest"],
            environment: ["XDG_CACHE_HOME": cacheHome, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
        // A failure (1), not invalid input: 2 is for what the user typed.
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorama: Offline: not in the cache (run without --offline to fetch it)\n")
    }

    /// The `--offline` rule: no network. The embedded demo server is not network (it runs inside photorama)
    /// and is never cached, so it answers as usual, as README says.
    @Test func offlineStillAsksTheEmbeddedDemoServer() async throws {
        let cacheHome = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["recent", "--demo", "--offline", "--format", "ids", "--limit", "3"],
            environment: ["XDG_CACHE_HOME": cacheHome, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stderr == "")
    }

    // MARK: - Reading the grid
    /// The grid's first rows, left of the detail pane (whose answer may arrive later) and above the status
    /// line (which differs by the cache marker).
    static func cards(_ screen: String) -> [String] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(12).map { String($0.prefix(70)) })
    }
}
