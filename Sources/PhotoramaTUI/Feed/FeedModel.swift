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
    public private(set) var source: PhotoSource?
    /// What the user typed, for "No photos found for “…”".
    public private(set) var query: String?
    /// Replaces the source's label in the header and status line ("Photos by Ana"), when set.
    public private(set) var title: String?
    public private(set) var feed = FeedState()
    /// Parallel to `feed.photos`.
    private(set) var texts: [CardText] = []
    /// Index into the photos; equal to the photo count when it is on the "loading…" card after them.
    public private(set) var selection = 0
    /// The first grid row in view.
    public private(set) var scrollRow = 0
    /// The page requests in flight: token → page.
    private(set) var pageTokens: [RequestToken: Int] = [:]
    private(set) var refreshToken: RequestToken?
    /// Where the first page came from when it came from the cache ("cached 5 min ago" in the status line).
    public private(set) var cached: CacheOrigin?
    /// The refresh in flight was started by the browser itself after a cached first page: its new photos
    /// go on top without moving the selection.
    private var quietRefresh = false

    init(source: PhotoSource? = nil, query: String? = nil, title: String? = nil) {
        self.source = source
        self.query = query
        self.title = title
    }

    public var photos: [Photo] { feed.photos }
    public var count: Int { feed.count }

    /// The selected photo, nil on the loading card or in an empty feed.
    public var selectedPhoto: Photo? { selection < feed.count ? feed.photos[selection] : nil }

    /// The last page's failure where there is room for it (an empty grid, the detail pane of the card after the
    /// last photo): the error and the key that retries. nil when no page failed.
    var failureText: String? { feed.lastError.map { $0.message + " (r retries)" } }

    /// The card after the last photo exists while more may come: it says "loading…" while a page is
    /// on its way, the error if the page failed.
    var hasTrailingCard: Bool { source != nil && !feed.reachedEnd }

    /// The highest index the selection may take.
    var maxSelection: Int { hasTrailingCard ? feed.count : max(0, feed.count - 1) }

    /// The token of the lowest page in flight, if any.
    var pageToken: RequestToken? { pageTokens.min { $0.value < $1.value }?.key }

    /// Every token of a request this feed has in flight, pages in order.
    var inFlightTokens: [RequestToken] {
        pageTokens.sorted { $0.value < $1.value }.map(\.key) + [refreshToken].compactMap { $0 }
    }

    // MARK: - Pages
    /// How many pages to ask for now: enough that the photos loaded or on their way reach
    /// `lead.photosAhead` past the selection (a page on its way counts as the size of the last answer),
    /// with at most `lead.pagesInFlight` pending. A page nobody is near is never fetched.
    func pagesWanted(lead: PrefetchLead) -> Int {
        guard source != nil, !feed.reachedEnd, feed.lastError == nil else { return 0 }
        let perPage = max(1, feed.lastPageSize)
        var pending = max(feed.pagesPending, pageTokens.count)
        var wanted = 0
        while pending < max(1, lead.pagesInFlight), feed.count + pending * perPage - 1 - selection <= lead.photosAhead {
            pending += 1
            wanted += 1
        }
        return wanted
    }

    /// Starts loading the next page under `token`, with up to `inFlight` pages pending: the source and page
    /// to ask for, nil when none is due.
    mutating func beginNextPage(token: RequestToken, inFlight: Int = 1) -> (source: PhotoSource, page: Int)? {
        guard let source, pageTokens.count < max(1, inFlight), let page = feed.beginNextPage(inFlight: inFlight) else { return nil }
        pageTokens[token] = page
        return (source, page)
    }

    /// Takes the answer to the page asked for under `token`; answers to other tokens are stale and ignored.
    /// True when it is a first page from the cache old enough to be brought up to date.
    mutating func receivePage(_ result: Result<Page<Photo>, PhotoramaError>, page: Int, token: RequestToken) -> Bool {
        guard pageTokens.removeValue(forKey: token) != nil else { return false }
        defer {
            // Pages the feed no longer waits for (past its end, or after a failed page) are forgotten.
            let loading = feed.loadingPages
            pageTokens = pageTokens.filter { loading.contains($0.value) }
        }
        switch result {
        case .success(let answer):
            let added = feed.receive(answer, requested: page)
            for photo in feed.photos.suffix(added) { texts.append(CardText(photo)) }
            if page == 1 { cached = answer.cached }
            return page == 1 && answer.cached.map { $0.stale && !$0.offline } == true
        case .failure(let error):
            feed.fail(requested: page, error: error)
            return false
        }
    }

    /// `r`: the failed page may be asked for again.
    mutating func clearError() {
        feed.clearError()
    }

    /// Forgets the loads in flight (their answers will be ignored) so the feed can be kept and loaded again.
    mutating func dropLoads() {
        pageTokens = [:]
        refreshToken = nil
        feed.cancelLoading()
    }

    // MARK: - Refresh
    /// Asks for page 1 again under `token` (Ctrl-R, or `quiet`ly after a stale cached first page, when the
    /// new photos go on top without moving the selection): the source to ask, nil when a refresh is on its way.
    mutating func beginRefresh(token: RequestToken, quiet: Bool = false) -> PhotoSource? {
        guard refreshToken == nil, let source, feed.beginRefresh() != nil else { return nil }
        refreshToken = token
        quietRefresh = quiet
        return source
    }

    /// Page 1 arrived again: photos not seen before go on top, and the view goes there unless the refresh
    /// was quiet (then the same photo stays selected).
    mutating func receiveRefresh(_ result: Result<Page<Photo>, PhotoramaError>, token: RequestToken) {
        guard refreshToken == token else { return }
        refreshToken = nil
        let quiet = quietRefresh
        quietRefresh = false
        switch result {
        case .success(let answer):
            cached = answer.cached
            let added = feed.receiveRefresh(answer)
            if added > 0 { texts.insert(contentsOf: feed.photos.prefix(added).map(CardText.init), at: 0) }
            if quiet {
                selection = min(selection + added, maxSelection)
            } else if added > 0 {
                showFirst()
            }
        case .failure(let error):
            feed.failRefresh(error: error)
        }
    }

    // MARK: - Selection and scroll
    /// Moves the selection to `move(selection)`, kept within the feed; true when it changed.
    mutating func moveSelection(_ move: (Int) -> Int) -> Bool {
        let old = selection
        selection = max(0, min(move(selection), maxSelection))
        return selection != old
    }

    /// The first photo selected and in view.
    mutating func showFirst() {
        selection = 0
        scrollRow = 0
    }

    mutating func clampSelection() {
        selection = max(0, min(selection, maxSelection))
    }

    mutating func keepVisible(columns: Int, rows: Int) {
        let row = selection / max(1, columns)
        if row < scrollRow { scrollRow = row }
        if row >= scrollRow + rows { scrollRow = row - rows + 1 }
        scrollRow = max(0, scrollRow)
    }

    // MARK: - Stored photos (the Saved tab)
    /// Puts a newly saved photo on top, keeping the same photo selected.
    mutating func insertFirst(_ photo: Photo) {
        guard feed.insertFirst(photo) else { return }
        texts.insert(CardText(photo), at: 0)
        if feed.count > 1 { selection += 1 }
    }

    mutating func remove(_ key: PhotoKey) {
        guard let index = feed.remove(key) else { return }
        texts.remove(at: index)
        if index < selection { selection -= 1 }
    }

    mutating func replaceAll(_ photos: [Photo]) {
        feed = FeedState(complete: photos)
        texts = feed.photos.map(CardText.init)
        showFirst()
    }

    /// Adds a page read from the store after the photos here (those already here are skipped).
    mutating func appendStored(_ photos: [Photo]) {
        let added = feed.appendComplete(photos)
        for photo in feed.photos.suffix(added) { texts.append(CardText(photo)) }
    }
}
