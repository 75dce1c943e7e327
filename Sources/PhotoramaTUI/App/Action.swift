import PhotoramaImages
import PhotoramaKit

/// Identifies one request, so an answer to a request that was cancelled or superseded is recognised
/// and ignored. Handed out by a counter in `AppState`.
public struct RequestToken: Hashable, Sendable {
    public let value: Int
    public init(value: Int) { self.value = value }
}

/// Everything that can happen to the browser: input, time, and answers to effects.
public enum Action: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
    /// Advances the spinner; the runtime sends it a few times a second while requests are in flight.
    case tick
    case pageLoaded(token: RequestToken, page: Int, Result<Page<Photo>, PhotoramaError>)
    case refreshLoaded(token: RequestToken, Result<Page<Photo>, PhotoramaError>)
    case commentsLoaded(token: RequestToken, page: Int, Result<Page<PhotoComment>, PhotoramaError>)
    case locationsLoaded(token: RequestToken, Result<[LibraryLocation], PhotoramaError>)
    /// The request log's latest entries (oldest first).
    case networkLogUpdated([RequestLogEntry])
    /// How many requests are in flight right now.
    case inFlightChanged(Int)
    /// A picture asked for with `.loadImage` is drawn, or cannot be.
    case imageLoaded(token: RequestToken, ImageRequest, Result<Picture, ImageFailure>)
}

/// Work the reducer asks the runtime to do. Each answer comes back as an `Action` with the same token.
public enum Effect: Equatable, Sendable {
    case loadPage(PhotoSource, page: Int, token: RequestToken)
    /// Load page 1 again; the answer comes back as `.refreshLoaded`.
    case refresh(PhotoSource, token: RequestToken)
    case cancel(RequestToken)
    case loadComments(PhotoKey, page: Int, token: RequestToken)
    case loadLocations(country: String, token: RequestToken)
    /// Fetch, decode and draw a picture; the answer comes back as `.imageLoaded`.
    case loadImage(ImageRequest, urgency: ImagePriority, token: RequestToken)
    case quit
    /// Clear the terminal and repaint every cell (Ctrl-L): the state does not change.
    case redraw
}

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
