import ArgumentParser
import DemoServer
import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import PhotoramaStore
import PhotoramaTUI
import PhotoramaTerminal

#if canImport(Glibc)
import Glibc
#endif

struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the full-screen browser (the default when no subcommand is given).",
        discussion: "Press ? in the browser for every key binding. Needs a terminal (TERM set, not \"dumb\")."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var imageOptions: ImageOptions
    @OptionGroup(title: "Feed") var feedOptions: BrowseFeedOptions

    @Option(help: ArgumentHelp("Thumbnail cards in the grid: on or off (default: on with 24-bit colour); t switches.", valueName: "on|off"))
    var thumbnails: String?

    @Option(name: .customLong("download-dir"), help: "Folder for downloads (d); default: Photorama in the pictures folder.")
    var downloadDir: String?

    @Option(help: "Seed for R (jump to a random photo); random when omitted.")
    var seed: UInt64?

    /// For `photorama-bench launch`: write the milliseconds from launch to the first drawn grid of photos
    /// to this file, then quit.
    @Option(name: .customLong("first-grid-report"), help: .hidden)
    var firstGridReport: String?

    /// For `photorama-bench prefetch`: after every frame, write "frames loading selection" to this file.
    @Option(name: .customLong("frame-stats"), help: .hidden)
    var frameStats: String?

    /// For `photorama-bench images`: write the milliseconds from each selection change to its picture.
    @Option(name: .customLong("preview-report"), help: .hidden)
    var previewReport: String?

    /// For `photorama-bench thumbnails`: write thumbnail paint times and per-frame CPU time at quit.
    @Option(name: .customLong("thumbnail-report"), help: .hidden)
    var thumbnailReport: String?

    /// For the end-to-end tests and the soak: after every frame, write how many F12 presses (probes) the
    /// loop has handled, the size it drew at and how many requests are in flight ("3 100x30 0"), so a test
    /// knows the screen shows everything it sent before its last probe, resizes included, and whether
    /// answers may still change it.
    @Option(name: .customLong("probe-report"), help: .hidden)
    var probeReport: String?

    /// For `photorama-bench soak`: every 10 s, resident memory, malloc's use and the photos the feeds keep.
    @Option(name: .customLong("memory-report"), help: .hidden)
    var memoryReport: String?

    /// For `photorama-bench prefetch`: latency the embedded demo server adds to every answer.
    @Option(name: .customLong("demo-latency-ms"), help: .hidden)
    var demoLatencyMilliseconds: Int = 0

    // MARK: - Running
    func validate() throws {
        _ = try ImageSettings.thumbnails(thumbnails, drawing: nil)
    }

    func run() async throws {
        let terminal = TerminalContext.prepared
        // The user's own TERMINFO, for the settings and the programs the browser starts.
        let environment = terminal?.environment(forChildren: ProcessInfo.processInfo.environment)
            ?? ProcessInfo.processInfo.environment
        let check: TerminalCheck
        switch TerminalCheck.evaluate(environment: environment, isTTY: isatty(0) == 1 && isatty(1) == 1) {
        case .success(let result): check = result
        case .failure(let failure): throw CommandFailure(failure.message, status: 1)
        }
        var faults = FaultInjection.none
        faults.latency = .milliseconds(max(0, demoLatencyMilliseconds))
        let settings = ConfigContext.settings(environment: environment)
        // A page size from the config file is every page's size; the browser's own opens with smaller pages.
        let size = Output.terminalSize
        let pages = settings.pageSize.value.map { (perPage: $0, opening: Int?.none) } ?? PageSizing.sizes(columns: size.columns, rows: size.rows)
        let app = try await AppEnvironment.make(global, demoFaults: faults, perPage: pages.perPage, openingPerPage: pages.opening)
        // auto picks kitty or sixel only outside tmux/screen, with colour, on a terminal (GraphicsDetection);
        // otherwise half blocks, which are ordinary cells: no protocol byte is ever written then.
        let drawing = try imageOptions.drawing(environment: environment)
        var configuration = AppConfiguration(
            demoProviders: app.plan.demoProviders, colors: check.useColor,
            randomSeed: seed ?? UInt64.random(in: 0...UInt64.max),
            images: drawing,
            thumbnails: try ImageSettings.thumbnails(
                thumbnails ?? settings.thumbnails.value.map { $0 ? "on" : "off" }, drawing: drawing))
        configuration.keyMap = settings.keyMap
        configuration.themeColors = settings.theme.value
        configuration.initialTab = settings.tab.value
        // Protocol pictures fill their cells exactly at the terminal's own cell size.
        configuration.cellPixels = CellPixelSize.of(fileDescriptor: STDOUT_FILENO)
        configuration.initialFeed = try feedOptions.feed()
        // With a real service, the feed shown last opens again (from the cache at once), unless a flag or the
        // config file's `tab` says what to open.
        if let cache = app.cache, configuration.initialFeed == nil, settings.tab.source == .default,
            let last = cache.remembered(Self.lastFeedName).flatMap(LastFeed.init(encoded:)) {
            last.apply(to: &configuration)
        }
        // The opening page is asked for now, while the rest starts up; not when it would be wasted (another
        // tab opens first) or when the cache gives the first page at once (and marks how old it is).
        let opensOnRecent = configuration.initialFeed != nil || configuration.initialTab == .recent
        let firstPage = opensOnRecent && app.cache == nil
            ? FirstPage(source: configuration.initialFeed?.source ?? .recent, service: app.service) : nil
        let folder = await DownloadSetup.folder(explicit: downloadDir)
        let transport = LiveStreamingTransport()
        // Opened once, before the screen takes over; a failure disables saving and is shown in the browser.
        let saved = SQLiteSavedPhotos.openDefault()
        let downloads = BrowserDownloads(
            engine: DownloadSetup.engine(app, transport: transport, allowInsecure: global.allowInsecure, saved: saved),
            folder: folder)
        do {
            try await app.using { app in
                let last = await Self.runUI(
                    configuration: configuration, app: app, saved: saved, downloads: downloads, firstPage: firstPage,
                    terminal: terminal,
                    instrumentation: BrowserLoop.Instrumentation(
                        firstGridReport: firstGridReport, frameStats: frameStats, previewReport: previewReport,
                        thumbnailReport: thumbnailReport, probeReport: probeReport, memoryReport: memoryReport))
                if let cache = app.cache, let encoded = last.encoded { await cache.remember(encoded, as: Self.lastFeedName) }
            }
        } catch {
            await transport.shutdown()
            throw error
        }
        // Downloads still running at quit are cancelled; their .part files resume on the next `d`.
        await transport.shutdown()
    }

    /// The name the feed shown last is kept under in the cache database.
    static let lastFeedName = "last_feed"

    // MARK: - The UI
    /// The protocol the screen places pictures with: only when the drawing is kitty or sixel.
    static func pictureProtocol(_ drawing: ImageDrawing?) -> PictureProtocol? {
        switch drawing {
        case .kitty: .kitty
        case .sixel: .sixel
        default: nil
        }
    }

    /// Runs the loop on its own thread and returns when the user has quit and the terminal is restored.
    private static func runUI(
        configuration: AppConfiguration, app: AppEnvironment, saved: Result<any SavedPhotoStore, SavedStoreError>,
        downloads: BrowserDownloads, firstPage: FirstPage?, terminal: ScrollFreeTerminal.Prepared?,
        instrumentation: BrowserLoop.Instrumentation
    ) async -> LastFeed {
        let inbox = ActionInbox()
        let runner = EffectRunner(
            service: app.service, pictures: LoaderPictures(
                webservice: app.service.webservice,
                drawer: PictureDrawer(cell: configuration.cellPixels, ids: PictureIDs()),
                byteBudget: LoaderPictures.bodyBudget(diskCache: app.cache != nil)), log: app.log, inbox: inbox,
            saved: saved, downloads: downloads, prefetchDelay: { await app.prefetchDelay() }, firstPage: firstPage)
        app.cacheNotices.attach { inbox.post(.notice($0)) }
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT, SIGHUP]) { inbox.postTerminate() }
        let trimmer = MemoryTrimmer()
        let last = await UIThread.run(stackSize: 8 << 20) {
            // Nothing may print over the full-screen UI: stderr goes to /dev/null while it runs.
            let quietStderr = StderrSilencer()
            let pictures = Self.pictureProtocol(configuration.images)
            NCursesScreen.installEmergencyRestore(pictures: pictures)
            let screen = NCursesScreen(useColor: configuration.colors, pictures: pictures, terminal: terminal)
            let last = BrowserLoop(
                configuration: configuration, runner: runner, inbox: inbox, screen: screen,
                instrumentation: instrumentation
            ).run()
            screen.restore()
            quietStderr.restore()
            return last
        }
        // Loads cancelled at quit may still be running, and saves are finished: all of them end before the
        // browser's objects are let go of, so none of it outlives the browse (nor is cut off by exit).
        await runner.finish()
        signals.stop()
        trimmer.stop()
        return last
    }
}
