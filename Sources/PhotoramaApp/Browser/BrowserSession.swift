import DemoServer
import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaStore
import PhotoramaTUI
import PhotoramaTerminal
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// What `photorama browse` was asked for, as plain values (the executable's `Browse` parses them).
package struct BrowseRequest: Sendable {
    // MARK: - What a browse asks for
    package var services: ServiceOptions
    /// `--images`, `--colors`, `--symbols` and `--dither` (`ImageSettings`).
    package var images: String?
    package var colors: String?
    package var symbols: String?
    package var dither: String?
    /// `--thumbnails on|off`; nil: the config file's, else as the drawing suits.
    package var thumbnails: String?
    package var downloadDir: String?
    /// For R (a random photo); nil: random.
    package var seed: UInt64?
    /// `--interval`: seconds between photos in the slideshow; nil: the config file's, else 5.
    package var interval: Int?
    /// `--theme`: auto, dark or light (checked by the command); nil: the config file's, else auto.
    package var theme: ThemeChoice?
    /// `--plain`: nil when not given (the config file's `plain`, else off).
    package var plain: Bool?
    /// The feed to open on and the text the search bar shows for it; nil: as the settings say.
    package var feed: (source: PhotoSource, query: String)?
    package var instrumentation: BrowserInstrumentation

    package init(
        services: ServiceOptions, images: String? = nil, colors: String? = nil, symbols: String? = nil, dither: String? = nil,
        thumbnails: String? = nil, downloadDir: String? = nil, seed: UInt64? = nil, interval: Int? = nil,
        feed: (source: PhotoSource, query: String)? = nil, theme: ThemeChoice? = nil, plain: Bool? = nil,
        instrumentation: BrowserInstrumentation = BrowserInstrumentation()
    ) {
        self.theme = theme
        self.plain = plain
        self.services = services
        self.images = images
        self.colors = colors
        self.symbols = symbols
        self.dither = dither
        self.thumbnails = thumbnails
        self.downloadDir = downloadDir
        self.seed = seed
        self.interval = interval
        self.feed = feed
        self.instrumentation = instrumentation
    }
}

/// `photorama browse`: settings, services, the saved photos and downloads set up, then the full-screen
/// loop on a thread of its own; the feed shown last is remembered for the next launch.
package enum BrowserSession {
    // MARK: - Running
    /// Runs the browser until the user quits; the terminal is restored on every way out.
    package static func run(_ request: BrowseRequest) async throws {
        let terminal = TerminalContext.prepared
        // The user's own TERMINFO, for the settings and the programs the browser starts.
        let environment =
            terminal?.environment(forChildren: ProcessInfo.processInfo.environment)
            ?? ProcessInfo.processInfo.environment
        let check: TerminalCheck
        switch TerminalCheck.evaluate(environment: environment, isTTY: isatty(0) == 1 && isatty(1) == 1) {
        case .success(let result): check = result
        case .failure(let failure): throw CommandFailure(failure.message, status: 1)
        }
        var faults = FaultInjection.none
        faults.latency = .milliseconds(max(0, request.instrumentation.demoLatencyMilliseconds))
        let settings = ConfigContext.settings(environment: environment)
        // A page size from the config file is every page's size; the browser's own opens with smaller pages.
        let size = Output.terminalSize
        let pages =
            settings.pageSize.value.map { (perPage: $0, opening: Int?.none) } ?? PageSizing.sizes(columns: size.columns, rows: size.rows)
        // auto asks the terminal (on a thread of its own: the wait may be the whole deadline), while the
        // services start; keys typed meanwhile are kept for the screen. What it does not answer, the
        // environment decides (GraphicsDetection); with no protocol, half blocks, which are ordinary cells: no
        // protocol byte is ever written then.
        let asked = ConfigContext.settings(
            CommandLineSettings(
                images: request.images, symbols: request.symbols, dither: request.dither, theme: request.theme, plain: request.plain),
            environment: environment)
        async let probed = OwnThread.run {
            TerminalQuery.capabilities(settings: asked, environment: environment, typeAhead: .keep)
        }
        let app: AppEnvironment
        do {
            app = try await AppEnvironment.make(request.services, demoFaults: faults, perPage: pages.perPage, openingPerPage: pages.opening)
        } catch {
            TerminalQuery.release(await probed, wait: .zero, environment: environment)
            throw error
        }
        // Everything that does not depend on the terminal's answers is set up while it answers (traced: the
        // opening page's request waited for the probe, then `xdg-user-dir`, then SQLite, one after the other).
        var configuration = AppConfiguration(
            demoProviders: app.plan.demoProviders, colors: check.useColor,
            randomSeed: request.seed ?? UInt64.random(in: 0...UInt64.max), images: nil, thumbnails: false)
        configuration.keyMap = settings.keyMap
        switch app.signIn {
        case .success(let account): configuration.signedIn = account != nil
        case .failure(let problem): configuration.signInProblem = problem.message
        }
        configuration.themeColors = settings.theme.value
        configuration.themeChoice = asked.themeChoice.value
        configuration.plain = asked.plain.value
        configuration.initialTab = settings.tab.value
        configuration.slideshowInterval = .seconds(request.interval ?? settings.slideshowInterval.value)
        configuration.cardsFill = settings.cardsFill.value
        configuration.confirmFlickrChanges = settings.confirmFlickrChanges.value
        configuration.initialFeed = request.feed
        // With a real service, the feed shown last opens again (from the cache at once), unless a flag or the
        // config file's `tab` says what to open.
        if let cache = app.cache, configuration.initialFeed == nil, settings.tab.source == .default,
            let last = cache.remembered(Self.lastFeedName).flatMap(LastFeed.init(encoded:))
        {
            last.apply(to: &configuration)
        }
        // The opening page is asked for now, while the rest starts up; not when it would be wasted (another
        // tab opens first) or when the cache gives the first page at once (and marks how old it is).
        let opensOnRecent = configuration.initialFeed != nil || configuration.initialTab == .recent
        let firstPage =
            opensOnRecent && app.cache == nil
            ? FirstPage(source: configuration.initialFeed?.source ?? .recent, service: app.service) : nil
        async let downloadFolder = DownloadSetup.folder(explicit: request.downloadDir)
        // Opened once, by the browser's first store work (not while page 1 is on its way); a failure disables
        // saving and is shown in the browser.
        let saved = SavedStoreOpening { SQLiteSavedPhotos.openDefault() }
        let folder = await downloadFolder
        let capabilities = await probed
        // Answers that missed the deadline are read by the screen (LateAnswers drops them); echo, held off
        // for them, comes back when the browser is done with the terminal.
        defer { TerminalQuery.release(capabilities, wait: .zero, environment: environment) }
        let drawing: ImageDrawing?
        let placeholders: Bool
        let dither: DitherMode
        do {
            dither = try ImageSettings.dither(asked)
            drawing = try ImageSettings.drawing(
                images: request.images, colors: request.colors, symbols: request.symbols, environment: environment,
                terminal: capabilities)
            // Inside tmux, kitty pictures are placeholders in tmux's own cells, their images sent through its
            // passthrough, which this pane must allow.
            placeholders = drawing == .kitty && TmuxPane.isInside(environment)
            if placeholders, let refused = await TmuxPane.allowPassthrough(environment: environment) {
                throw CommandFailure(refused, status: 1)
            }
            configuration.thumbnails = try ImageSettings.thumbnails(
                request.thumbnails ?? settings.thumbnails.value.map { $0 ? "on" : "off" }, drawing: drawing)
            // Plain: no pictures at all, so no thumbnails either.
            configuration.images = configuration.plain ? nil : drawing
            if configuration.plain { configuration.thumbnails = false }
        } catch {
            await firstPage?.finish()
            throw error
        }
        configuration.background = configuration.themeChoice.background(answered: capabilities?.background)
        // Protocol pictures fill their cells exactly at the terminal's own cell size.
        configuration.cellPixels = capabilities?.cellPixels ?? CellPixelSize.of(fileDescriptor: STDOUT_FILENO)
        let transport = LiveStreamingTransport()
        let downloads = BrowserDownloads(
            engine: DownloadSetup.engine(app, transport: transport, allowInsecure: request.services.allowInsecure, saved: saved),
            folder: folder)
        do {
            try await app.using { app in
                let last = await Self.runUI(
                    configuration: configuration, app: app, saved: saved, downloads: downloads, firstPage: firstPage,
                    terminal: terminal, typeAhead: capabilities?.findings?.typeAhead ?? [], environment: environment,
                    instrumentation: request.instrumentation, placeholders: placeholders, dither: dither,
                    synchronizedOutput: capabilities?.synchronizedOutput ?? false,
                    sixelColors: capabilities?.sixelColors ?? SixelEncoder.maximumColors,
                    kittyMedium: placeholders ? .stream : capabilities?.kittyMedium ?? .stream)
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

    /// The protocol the screen places pictures with: only when the drawing is kitty, sixel or iTerm2; kitty
    /// inside tmux (`placeholders`) as Unicode placeholders.
    static func pictureProtocol(_ drawing: ImageDrawing?, placeholders: Bool = false) -> PictureProtocol? {
        switch drawing {
        case .kitty: placeholders ? .kittyPlaceholders : .kitty
        case .sixel: .sixel
        case .iterm2: .iterm2
        default: nil
        }
    }

    // MARK: - The UI thread
    /// Runs the loop on its own thread and returns when the user has quit and the terminal is restored.
    private static func runUI(
        configuration: AppConfiguration, app: AppEnvironment, saved: SavedStoreOpening,
        downloads: BrowserDownloads, firstPage: FirstPage?, terminal: ScrollFreeTerminal.Prepared?, typeAhead: [UInt8],
        environment: [String: String], instrumentation: BrowserInstrumentation, placeholders: Bool, dither: DitherMode,
        synchronizedOutput: Bool, sixelColors: Int, kittyMedium: KittyMedium
    ) async -> LastFeed {
        // kitty on this machine reads pictures by name: the screen writes their raw pixels there, so the
        // maker does not encode them for the stream.
        let handoff = configuration.images == .kitty ? KittyHandoff(medium: kittyMedium, environment: environment) : nil
        let inbox = ActionInbox()
        let slowLink = SlowLinkSignal()
        let runner = EffectRunner(
            service: app.service,
            pictures: LoaderPictures(
                webservice: app.service.webservice,
                drawer: PictureDrawer(
                    cell: configuration.cellPixels, ids: PictureIDs(), dither: dither, sixelColors: sixelColors,
                    kittyStream: handoff == nil, slowLink: slowLink),
                byteBudget: LoaderPictures.bodyBudget(diskCache: app.cache != nil)), log: app.log, inbox: inbox,
            saved: saved, downloads: downloads, prefetchDelay: { await app.prefetchDelay() }, firstPage: firstPage,
            childEnvironment: environment, callsLeft: { await app.callsLeftThisHour() })
        app.cacheNotices.attach { inbox.post(.runtime(.notice($0))) }
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT, SIGHUP]) { inbox.postTerminate() }
        let trimmer = MemoryTrimmer()
        let last = await UIThread.run(stackSize: 8 << 20) {
            // Nothing may print over the full-screen UI: stderr goes to /dev/null while it runs.
            let quietStderr = StderrSilencer()
            let pictures = Self.pictureProtocol(configuration.images, placeholders: placeholders)
            NCursesScreen.installEmergencyRestore(pictures: pictures)
            // Under `theme = "auto"` the theme follows the terminal's dark/light changes (mode 2031). Addresses
            // on screen are OSC 8 links where the terminal is known to take them (the one rule).
            let hyperlinks = Hyperlink.isSupported(term: environment["TERM"], isTerminal: isatty(STDOUT_FILENO) == 1)
            let screen = NCursesScreen(
                useColor: configuration.colors, pictures: pictures, synchronizedOutput: synchronizedOutput, hyperlinks: hyperlinks,
                colorSchemeNotifications: configuration.colors && configuration.themeChoice == .auto, terminal: terminal)
            if let handoff { screen.handKittyPicturesOver(handoff) }
            screen.slowLink = slowLink
            screen.deliverTypeAhead(typeAhead)
            let last = BrowserLoop(
                configuration: configuration, runner: runner, inbox: inbox, screen: screen,
                observer: instrumentation.observer(runner: runner, inbox: inbox)
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
