import PhotoramaKit
import PhotoramaText

/// The sanitized one-line texts of a card, computed once when its page arrives so drawing a frame
/// never walks more than the visible cards.
struct CardText: Sendable {
    var title: String
    var owner: String

    init(_ photo: Photo) {
        title = Sanitizer.singleLine(photo.title)
        owner = Sanitizer.singleLine(photo.owner)
    }
}

/// One feed on screen: what it shows, the paging state, and where the selection and the view are.
public struct FeedModel: Sendable {
    /// nil until something is searched for (Search tab) or a location is picked (Locations tab).
    public internal(set) var source: PhotoSource?
    /// What the user typed, for "No photos found for “…”".
    public internal(set) var query: String?
    /// Replaces the source's label in the header and status line ("Photos by Ana"), when set.
    public internal(set) var title: String?
    public internal(set) var feed = FeedState()
    /// Parallel to `feed.photos`.
    var texts: [CardText] = []
    /// Index into the photos; equal to the photo count when it is on the "loading…" card after them.
    public internal(set) var selection = 0
    /// The first grid row in view.
    public internal(set) var scrollRow = 0
    var pageToken: RequestToken?
    var refreshToken: RequestToken?
    /// Where the first page came from when it came from the cache ("cached 5 min ago" in the status line).
    public internal(set) var cached: CacheOrigin?
    /// The refresh in flight was started by the browser itself after a cached first page: its new photos
    /// go on top without moving the selection.
    var quietRefresh = false

    init(source: PhotoSource? = nil, query: String? = nil, title: String? = nil) {
        self.source = source
        self.query = query
        self.title = title
    }

    public var photos: [Photo] { feed.photos }
    public var count: Int { feed.count }

    /// The selected photo, nil on the loading card or in an empty feed.
    public var selectedPhoto: Photo? { selection < feed.count ? feed.photos[selection] : nil }

    /// The card after the last photo exists while more may come: it says "loading…" while a page is
    /// on its way, the error if the page failed.
    var hasTrailingCard: Bool { source != nil && !feed.reachedEnd }

    /// The highest index the selection may take.
    var maxSelection: Int { hasTrailingCard ? feed.count : max(0, feed.count - 1) }

    /// Every token of a request this feed has in flight.
    var inFlightTokens: [RequestToken] { [pageToken, refreshToken].compactMap { $0 } }

    mutating func receive(_ page: Page<Photo>, requested: Int) {
        let added = feed.receive(page, requested: requested)
        for photo in feed.photos.suffix(added) { texts.append(CardText(photo)) }
    }

    mutating func receiveRefresh(_ page: Page<Photo>) -> Int {
        let added = feed.receiveRefresh(page)
        if added > 0 { texts.insert(contentsOf: feed.photos.prefix(added).map(CardText.init), at: 0) }
        return added
    }
}
