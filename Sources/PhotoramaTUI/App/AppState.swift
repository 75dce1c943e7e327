import PhotoramaImages
import PhotoramaKit
import SeededRandom

/// Everything the browser shows, as one value. Changed only by `reduce`; drawn by `render`.
public struct AppState: Sendable {
    public let configuration: AppConfiguration
    public private(set) var size: CellSize
    /// A terminal cell in pixels: the configuration's at start, the terminal's answer after each resize.
    /// Pictures for a graphics protocol are asked for at this size, so a new one redraws them.
    public private(set) var cellPixels: PixelSize
    public private(set) var tab: Tab = .recent

    /// The feeds of Recent, Popular, Explore, Search and Locations, keyed by tab.
    public internal(set) var feeds = Feeds()
    /// Flickr's licence names, for the detail.
    public internal(set) var licenses = LicensesModel()
    /// The saved photos: the Saved tab's feed and the marks in every feed.
    public internal(set) var saved = SavedModel()
    /// The signed-in account's Flickr favourites: the Favourites tab and the ♥ marks (`f`).
    public internal(set) var favorites: FavoritesModel
    /// The status line's message until the next key ("Saved …", "Copied …", "No browser: …").
    public private(set) var notice: Notice?

    public internal(set) var searchBar = SearchBar()
    public internal(set) var locations = LocationsModel()
    public internal(set) var overlay: Overlay?
    /// The command palette (`:`), open or not, with the commands used this session.
    public internal(set) var palette = PaletteModel()
    /// The changes `u` takes back, newest last.
    var undo = UndoStack()
    /// What prefetch measures (time, selection speed, round trips) to decide how far ahead to load.
    public internal(set) var prefetch = PrefetchModel()
    /// The detail of the selected photo: open full screen or not, its scroll, its picked tag.
    public internal(set) var detail = DetailModel()
    /// The detail fills the screen (terminals narrower than 120 columns).
    public var detailOpen: Bool { detail.isOpen }
    /// The first line of the detail text in view.
    public var detailScroll: Int { detail.scroll }
    /// The full-screen viewer (`v`) with its zoom, slideshow and animations.
    public internal(set) var viewer = ViewerModel()
    /// The selected photo fills the terminal (`v`).
    public var viewerOpen: Bool { viewer.isOpen }
    /// The viewer's slideshow while it runs.
    public var slideshow: Slideshow? { viewer.slideshow }
    /// The viewer's zoom and pan on the selected photo.
    public var viewerZoom: ViewerZoom { viewer.zoom }
    /// The viewer's animated GIFs: frames and the one playing.
    public var animation: ViewerAnimation { viewer.animation }
    /// The world map (`m`) over the grid, when open.
    public internal(set) var map: MapModel?
    /// Pictures wanted, loading, drawn or failed.
    var images = ImagesModel()
    /// Thumbnail or text cards, fitted or filled (`t`, `F`).
    public private(set) var cards: CardOptions
    /// The grid shows thumbnail cards (a picture above the title) rather than text cards.
    public var thumbnails: Bool { cards.thumbnails }
    /// Thumbnails fill their card instead of fitting with bars.
    public var cardsFill: Bool { cards.fill }

    /// Thumbnails are on and there is a way to draw them.
    var showsThumbnails: Bool { thumbnails && configuration.images != nil }

    /// Where Esc goes back to: the feeds left by following an owner, a gallery or a tag, newest last.
    public private(set) var backStack = BackStack()
    /// The tag picked in the detail pane with `[` `]`; Enter searches it.
    public var detailTag: DetailTag? { detail.tag }

    /// Downloads started with `d`, listed by `D`.
    public internal(set) var downloads = DownloadsModel()

    /// The request log, the requests in flight and the spinner.
    public internal(set) var network = NetworkActivity()
    /// The request log's newest entries, oldest first.
    public var networkLog: [RequestLogEntry] { network.log }
    public var inFlight: Int { network.inFlight }
    public var spinnerPhase: Int { network.spinnerPhase }

    /// The background the theme is drawn for, following the terminal's notifications under `theme = "auto"`.
    public private(set) var appearance: Appearance

    /// The next request's token.
    var tokens = RequestTokens()
    private var random: SeededGenerator

    // MARK: - Making and tokens
    public init(configuration: AppConfiguration, size: CellSize) {
        self.configuration = configuration
        cellPixels = configuration.cellPixels
        self.size = size
        cards = CardOptions(thumbnails: configuration.thumbnails, fill: configuration.cardsFill)
        favorites = FavoritesModel(signedIn: configuration.signedIn)
        random = SeededGenerator(seed: configuration.randomSeed)
        appearance = Appearance(background: configuration.background, followsTerminal: configuration.themeChoice == .auto)
    }

    mutating func makeToken() -> RequestToken {
        tokens.next()
    }

    // MARK: - Tabs and feeds
    /// The tabs in the header and in Tab's cycle: Favourites only when an account is signed in.
    var shownTabs: [Tab] { Tab.allCases.filter { $0 != .favorites || configuration.signedIn } }

    /// The tab `offset` places from the current one among the shown tabs (Tab +1, Shift-Tab -1).
    func tab(_ offset: Int) -> Tab {
        let tabs = shownTabs
        let index = tabs.firstIndex(of: tab) ?? 0
        return tabs[((index + offset) % tabs.count + tabs.count) % tabs.count]
    }

    /// The feed the current tab shows in its grid, if it shows one.
    var currentFeedTab: Tab? {
        switch tab {
        case .recent, .popular: tab
        // Nothing searched yet: the tab shows how to search, not an empty grid.
        case .search: feeds[.search].source != nil ? .search : nil
        case .locations: locations.showingPhotos ? .locations : nil
        case .saved: saved.feed.count > 0 ? .saved : nil
        case .explore: .explore
        case .favorites: favorites.feed.source != nil ? .favorites : nil
        }
    }

    public var currentFeed: FeedModel? {
        currentFeedTab.map { feed(for: $0) }
    }

    func feed(for tab: Tab) -> FeedModel {
        switch tab {
        case .saved: saved.feed
        case .favorites: favorites.feed
        default: feeds[tab]
        }
    }

    /// Runs `body` on a tab's feed in place (no copy of its photos).
    mutating func updateFeed<R>(_ tab: Tab, _ body: (inout FeedModel) -> R) -> R {
        switch tab {
        case .saved: saved.updateFeed(body)
        case .favorites: favorites.updateFeed(body)
        default: feeds.update(tab, body)
        }
    }

    /// The tab whose feed has a page or refresh request with this token in flight.
    func feedTab(holding token: RequestToken) -> Tab? {
        for tab in Feeds.loadingTabs {
            let feed = feed(for: tab)
            if feed.pageTokens[token] != nil || feed.refreshToken == token { return tab }
        }
        return nil
    }

    // MARK: - What the screen shows
    /// The licence name and the EXIF the detail shows for `photo`.
    func detailExtras(for photo: Photo) -> DetailContent.Extras {
        detail.extras(for: photo, licenses: licenses)
    }

    /// The error the status line shows: the current screen's last failure.
    public var visibleError: PhotoramaError? {
        if let feed = currentFeed { return feed.feed.lastError }
        if tab == .locations { return locations.error }
        return nil
    }
}

// MARK: - The root's own fields, changed only here
extension AppState {
    /// The terminal's new size (a negative dimension as 0). A terminal wide enough for the pane closes the
    /// full-screen detail.
    mutating func resize(to newSize: CellSize) {
        size = CellSize(columns: max(0, newSize.columns), rows: max(0, newSize.rows))
        if size.columns >= ScreenLayout.paneThreshold { detail.close() }
    }

    /// The terminal's cell in pixels, from its answer; an answer without both dimensions is ignored.
    mutating func noteCellPixels(_ cell: PixelSize) {
        guard cell.width > 0, cell.height > 0 else { return }
        cellPixels = cell
    }

    /// The terminal's colour scheme changed (followed under `theme = "auto"`).
    mutating func terminalReported(_ background: TerminalBackground) {
        appearance.terminalReported(background)
    }

    /// The tab on screen.
    mutating func show(_ newTab: Tab) {
        tab = newTab
    }

    /// `t`: thumbnail or text cards, when there is a way to draw thumbnails.
    mutating func toggleThumbnails() {
        if configuration.images != nil { cards.toggleThumbnails() }
    }

    /// `F`: thumbnails fill their card, or fit with bars.
    mutating func toggleCardsFill() {
        cards.toggleFill()
    }

    /// A card index below `count` (greater than 0) from the session's seeded generator (`R`).
    mutating func randomIndex(below count: Int) -> Int {
        Int.random(in: 0..<count, using: &random)
    }

    /// What is on screen goes on the back stack, for Esc to bring back (`backEntry`).
    mutating func rememberScreen() {
        let left = backEntry
        backStack.push(left)
    }

    /// Esc after following: the newest screen left, off the back stack.
    mutating func popBack() -> BackEntry? {
        backStack.pop()
    }

    /// The next key clears the last key's answer.
    mutating func clearNotice() {
        notice = nil
    }

    /// Carries out what a feature's handler asked: its notice, then its undo note (whose "Undone: …" takes
    /// the status line over the handler's own words); the effects to run.
    mutating func apply(_ outcome: Outcome) -> [Effect] {
        if let notice = outcome.notice { self.notice = notice }
        switch outcome.undo {
        case .changed(let step, let token)?:
            if let undone = undo.changed(step, token: token) {
                notice = Notice(text: "Undone: " + undone.description, isError: false, wholeLine: true)
            }
        case .failed(let token)?:
            undo.failed(token: token)
        case nil:
            break
        }
        return outcome.effects
    }
}
