import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

/// Identifies one request, so an answer to a request that was cancelled or superseded is recognised
/// and ignored. Handed out by `RequestTokens`, one counter for the whole browser.
public struct RequestToken: Hashable, Sendable {
    public let value: Int
    public init(value: Int) { self.value = value }
}

// MARK: - Actions
/// Everything that can happen to the browser: input, the runtime's reports, and each feature's answers to
/// its effects, nested by feature so each feature's reducer takes only its own.
public enum Action: Sendable {
    /// A key, a mouse report or the terminal's new size.
    case input(InputEvent)
    /// Time, the network and the runtime's notices.
    case runtime(RuntimeReport)
    case feed(FeedAnswer)
    case detail(DetailAnswer)
    case images(ImagesAnswer)
    case locations(LocationsAnswer)
    case saved(SavedAnswer)
    case downloads(DownloadsAnswer)
    case favorites(FavoritesAnswer)
    /// `action` happened at `at` on the runtime's monotonic clock (since it started): the one way time
    /// reaches the reducer, for prefetch's measurements (`PrefetchModel`). Untimed actions measure nothing.
    indirect case timed(Action, at: Duration)

    /// Shorthands for the three kinds of input.
    public static func key(_ key: Key) -> Action { .input(.key(key)) }
    public static func mouse(_ event: MouseEvent) -> Action { .input(.mouse(event)) }
    public static func resize(_ size: CellSize) -> Action { .input(.resize(size)) }
}

/// What the runtime reports on its own.
public enum RuntimeReport: Sendable {
    /// Advances the spinner; the runtime sends it a few times a second while requests are in flight.
    case tick
    /// Request log entries, oldest first, the last of them the `through`-th exchange ever recorded. They
    /// may repeat entries the state already has (reports can overtake each other): only newer ones count.
    case networkLogAppended([RequestLogEntry], through: Int)
    /// How many requests are in flight right now.
    case inFlightChanged(Int)
    /// Flickr calls left this hour (`RateBudget`), reported by the runtime after a page: prefetch stays
    /// within them (`PrefetchLead.Limits.callsLeft`).
    case callsLeft(Int)
    /// A line for the status bar from work outside the reducer ("No browser: …").
    case notice(String)
    /// The `.wake` with this token is due.
    case wake(token: RequestToken)
}

/// A feed's pages.
public enum FeedAnswer: Sendable {
    case pageLoaded(token: RequestToken, page: Int, Result<Page<Photo>, PhotoramaError>)
    case refreshLoaded(token: RequestToken, Result<Page<Photo>, PhotoramaError>)
}

/// What the detail pane and the comments overlay asked for.
public enum DetailAnswer: Sendable {
    case commentsLoaded(token: RequestToken, page: Int, Result<Page<PhotoComment>, PhotoramaError>)
    /// The answer to `.loadExif`: the photo's EXIF, the owner's refusal, or why it could not be had.
    case exifLoaded(token: RequestToken, Result<ExifAnswer, PhotoramaError>)
    /// The answer to `.loadLicenses`.
    case licensesLoaded(token: RequestToken, Result<[PhotoLicense], PhotoramaError>)
}

/// Pictures: thumbnails, previews, the viewer's and the map's.
public enum ImagesAnswer: Sendable {
    /// A picture asked for with `.loadImage` is drawn, or cannot be.
    case imageLoaded(token: RequestToken, ImageRequest, Result<Picture, ImageFailure>)
    /// Every frame of an animated GIF the viewer asked for (`ImageRequest.animated`), after or before its
    /// `.imageLoaded` (the first frame); never for kitty, which plays animations itself.
    case animationLoaded(AnimatedPicture)
    /// The answer to `.loadSizes`: every rendition of the photo, up to the original, for the zoomed viewer.
    case sizesLoaded(token: RequestToken, Result<[PhotoImage], PhotoramaError>)
}

/// The Locations tab's list and where its cities are.
public enum LocationsAnswer: Sendable {
    case locationsLoaded(token: RequestToken, Result<[LibraryLocation], PhotoramaError>)
    /// Where Flickr's places.find put the Locations tab's cities (those it found), for the map.
    case placesFound(token: RequestToken, [String: GeoPoint])
}

/// The saved photos' store.
public enum SavedAnswer: Sendable {
    /// The saved photos' count, keys, files and first page, or why saving is unavailable (saving is then
    /// disabled).
    case savedLoaded(token: RequestToken, Result<SavedOverview, SavedStoreError>)
    /// The next page of the Saved tab, asked for with `.loadSavedPage`.
    case savedPageLoaded(token: RequestToken, Result<SavedPage, SavedStoreError>)
    /// A `.savePhoto` is durable (the mark may show), or failed.
    case photoSaved(token: RequestToken, Result<SavedPhoto, SavedStoreError>)
    /// An `.unsavePhoto` is durable, or failed.
    case photoUnsaved(token: RequestToken, Result<PhotoKey, SavedStoreError>)
}

/// Downloads under way.
public enum DownloadsAnswer: Sendable {
    /// How far the `.download` with this token has come.
    case downloadProgress(token: RequestToken, DownloadProgress)
    /// The `.download` with this token ended: the file's path, or why it failed.
    case downloadFinished(token: RequestToken, Result<String, DownloadError>)
}

/// Flickr favourites.
public enum FavoritesAnswer: Sendable {
    /// A `.setFavorite` is done on Flickr, or why not.
    case favoriteSet(token: RequestToken, Result<Void, PhotoramaError>)
}

// MARK: - Effects
/// Work the reducer asks the runtime to do. Each answer comes back as an `Action` with the same token.
public enum Effect: Equatable, Sendable {
    case loadPage(PhotoSource, page: Int, token: RequestToken)
    /// Load page 1 again; the answer comes back as `.refreshLoaded`.
    case refresh(PhotoSource, token: RequestToken)
    case cancel(RequestToken)
    case loadComments(PhotoKey, page: Int, token: RequestToken)
    case loadLocations(country: String, token: RequestToken)
    /// A Flickr photo's EXIF (`e`); the answer comes back as `.exifLoaded`.
    case loadExif(PhotoKey, token: RequestToken)
    /// Flickr's licence list, once a session; the answer comes back as `.licensesLoaded`.
    case loadLicenses(token: RequestToken)
    /// Fetch, decode and draw a picture; the answer comes back as `.imageLoaded`.
    case loadImage(ImageRequest, urgency: ImagePriority, token: RequestToken)
    /// Read the saved photos' count, keys and files, and the first `firstPage` photos; the answer comes
    /// back as `.savedLoaded`.
    case loadSaved(firstPage: Int, token: RequestToken)
    /// Read at most `limit` saved photos after `position`; the answer comes back as `.savedPageLoaded`.
    case loadSavedPage(after: SavedPosition, limit: Int, token: RequestToken)
    /// Save a photo durably (idempotent); the answer comes back as `.photoSaved`.
    case savePhoto(Photo, token: RequestToken)
    /// Forget a saved photo; the answer comes back as `.photoUnsaved`.
    case unsavePhoto(PhotoKey, token: RequestToken)
    /// Download the photo at its largest size; answers come back as `.downloadProgress` and `.downloadFinished`.
    case download(Photo, token: RequestToken)
    /// Mark (true) or unmark a photo as a Flickr favourite; the answer comes back as `.favoriteSet`.
    case setFavorite(Photo, Bool, token: RequestToken)
    case quit
    /// Clear the terminal and repaint every cell (Ctrl-L): the state does not change.
    case redraw
    /// Open a web page in the user's browser; a failure comes back as `.notice`.
    case openInBrowser(URL)
    /// Put text on the terminal's clipboard (OSC 52), written by the screen between frames.
    case copyToClipboard(String)
    /// Answer `.wake` after `after` (the slideshow's and animations' clock); `.cancel` with the token stops it.
    case wake(after: Duration, token: RequestToken)
    /// Find each city with Flickr's places.find (the map's labelled places); the answer comes back as `.placesFound`.
    case findPlaces([String], token: RequestToken)
    /// A Flickr photo's renditions from getSizes, for the zoomed viewer; the answer comes back as `.sizesLoaded`.
    case loadSizes(PhotoKey, token: RequestToken)
}

// MARK: - Configuration
/// What the command line decided before the browser starts.
public struct AppConfiguration: Sendable {
    /// Providers served by the embedded demo server: the header says "demo data" for them.
    public var demoProviders: Set<Provider>
    /// False for NO_COLOR or a terminal without colours: a monochrome theme with reverse video.
    public var colors: Bool
    /// Seeds the generator behind `R` (random photo), so runs can be repeated.
    public var randomSeed: UInt64
    /// How photos are drawn; nil: no pictures at all (`--images none`).
    public var images: ImageDrawing?
    /// Whether the grid starts with thumbnail cards (`t` switches for the session).
    public var thumbnails: Bool
    /// The size of a terminal cell in pixels (TIOCGWINSZ), for pictures drawn by a graphics protocol.
    public var cellPixels: PixelSize = PixelSize(width: 10, height: 20)
    /// A feed to open on the Search tab at start (`browse --user/--gallery/--text/--near`), with its label.
    public var initialFeed: (source: PhotoSource, query: String)?
    /// The tab shown at start (`tab` in the config file); `initialFeed` wins over it.
    public var initialTab: Tab = .recent
    /// The user's key bindings (`[keys]` in the config file).
    public var keyMap: KeyMap = .standard
    /// Colours the user chose for parts of the screen (`[theme]` in the config file).
    public var themeColors = ThemeColors()
    /// `theme` in the config file or `--theme`: follow the terminal's background, or a fixed theme.
    public var themeChoice = ThemeChoice.auto
    /// The background the theme starts with (`ThemeChoice.background(answered:)`).
    public var background = TerminalBackground.dark
    /// `--plain` (`plain = true`): for screen readers and braille displays. The terminal's cursor sits on the
    /// selected card's title; no box drawing, spinners, pictures or map; every change is words in the status line.
    public var plain = false
    /// Thumbnails fill their cards (`cards = "fill"` in the config file); `F` switches for the session.
    public var cardsFill = false
    /// Between photos in the slideshow (`S`).
    public var slideshowInterval: Duration = .seconds(SlideshowInterval.defaultSeconds)
    /// A Flickr account is signed in (`photorama login`): the Favourites tab and `f` work.
    public var signedIn = false
    /// The first undo (`u`) of a change to the Flickr account in a session asks to be confirmed
    /// (`confirm_flickr_changes = false` in the config file: never).
    public var confirmFlickrChanges = true
    /// Why a stored sign-in cannot be used, for `f`'s status line; nil: `FlickrAPI.notSignedIn`.
    public var signInProblem: String?

    public init(
        demoProviders: Set<Provider> = [], colors: Bool = true, randomSeed: UInt64 = 0, images: ImageDrawing? = nil,
        thumbnails: Bool = false
    ) {
        self.demoProviders = demoProviders
        self.colors = colors
        self.randomSeed = randomSeed
        self.images = images
        self.thumbnails = thumbnails
    }
}
