/// The paging rules of a photo feed as a plain value, shared by `PhotoFeed` (async loading for
/// subcommands) and the browser's reducer (which loads through effects).
///
/// - Never two loads of the same page in flight: `beginNextPage` hands out each page once until it
///   is answered or failed. One page is in flight at a time unless the caller allows more
///   (`beginNextPage(inFlight:)`, the browser's prefetch); answers that overtake a lower page's wait for it,
///   so photos are always appended in page order.
/// - Photos are deduplicated by provider and id across pages: pages shift when new photos arrive
///   between requests, so page 2 can repeat the end of page 1.
/// - The end is known from the answer, never from a short page: page ≥ pages, an empty page, an answer
///   for another page number than the one asked for, or a page that brings no new photo.
/// - A refresh loads page 1 again and puts photos not seen before on top.
/// - A failure keeps everything loaded so far; the same page is handed out again on retry.
public struct FeedState: Sendable {
    public private(set) var photos: [Photo] = []
    private var keys: Set<PhotoKey> = []
    /// The highest page answered so far (0 before the first answer).
    public private(set) var lastPage = 0
    /// What the service last said about the number of pages and photos.
    public private(set) var pages: Int?
    public private(set) var total: Int?
    /// The pages asked for and not answered yet, in the order asked (ascending).
    public private(set) var loadingPages: [Int] = []
    /// Answers that arrived before a lower page's answer, applied once the pages before them are in.
    private var waitingAnswers: [Int: Page<Photo>] = [:]
    /// How many photos the last applied answer held (before deduplication): what a page brings.
    public private(set) var lastPageSize = 0
    public private(set) var isRefreshing = false
    public private(set) var reachedEnd = false
    /// The last failure, cleared by the next success.
    public private(set) var lastError: PhotoramaError?

    public init() {}

    /// A feed whose photos are all here at once (the saved photos): one page, nothing more to load.
    public init(complete photos: [Photo]) {
        for photo in photos where keys.insert(photo.key).inserted { self.photos.append(photo) }
        lastPage = 1
        pages = 1
        total = self.photos.count
        reachedEnd = true
    }

    // MARK: - Photos
    /// Adds photos read from a local store after those here (the saved photos' next page); photos already
    /// here are skipped. The feed stays complete: the store, not the feed, knows whether more follow.
    /// Returns how many were added.
    @discardableResult
    public mutating func appendComplete(_ items: [Photo]) -> Int {
        let added = append(items)
        total = photos.count
        return added
    }

    /// Puts a photo on top unless it is already in the feed. Returns whether it was added.
    @discardableResult
    public mutating func insertFirst(_ photo: Photo) -> Bool {
        guard keys.insert(photo.key).inserted else { return false }
        photos.insert(photo, at: 0)
        total = total.map { $0 + 1 }
        return true
    }

    /// Takes a photo out of the feed; returns the index it had.
    @discardableResult
    public mutating func remove(_ key: PhotoKey) -> Int? {
        guard keys.remove(key) != nil, let index = photos.firstIndex(where: { $0.key == key }) else { return nil }
        photos.remove(at: index)
        total = total.map { max(0, $0 - 1) }
        return index
    }

    /// The lowest page being loaded, if any.
    public var loadingPage: Int? { loadingPages.first }
    public var isLoading: Bool { !loadingPages.isEmpty || isRefreshing }
    public var count: Int { photos.count }
    /// Pages asked for whose photos are not in the feed yet (in flight, or answered out of order).
    public var pagesPending: Int { loadingPages.count + waitingAnswers.count }

    // MARK: - Pages
    /// The next page to load, marked as in flight; nil when one is already in flight or the end is known.
    public mutating func beginNextPage() -> Int? { beginNextPage(inFlight: 1) }

    /// The page after the highest asked for, marked as in flight; nil when `limit` pages are already
    /// pending, the end is known, or the service said there are no more pages.
    public mutating func beginNextPage(inFlight limit: Int) -> Int? {
        guard pagesPending < max(1, limit), !reachedEnd else { return nil }
        let next = max(lastPage, loadingPages.last ?? 0, waitingAnswers.keys.max() ?? 0) + 1
        if next > lastPage + 1, let pages, next > pages { return nil }
        loadingPages.append(next)
        return next
    }

    /// Applies the answer to `requested`, and any later answers that were waiting for it. Returns how many
    /// photos were new. An answer for a page that is not in flight (a stale or duplicate answer) is ignored.
    @discardableResult
    public mutating func receive(_ page: Page<Photo>, requested: Int) -> Int {
        guard let index = loadingPages.firstIndex(of: requested) else { return 0 }
        loadingPages.remove(at: index)
        // Only a page beyond the next one waits; the next one (or one a refresh already counted) applies now.
        guard requested <= lastPage + 1 else {
            waitingAnswers[requested] = page
            return 0
        }
        var added = apply(page, requested: requested)
        while !reachedEnd, let next = waitingAnswers.removeValue(forKey: lastPage + 1) {
            added += apply(next, requested: lastPage + 1)
        }
        if reachedEnd {
            loadingPages.removeAll()
            waitingAnswers.removeAll()
        }
        return added
    }

    private mutating func apply(_ page: Page<Photo>, requested: Int) -> Int {
        lastError = nil
        pages = page.pages
        total = page.total
        lastPageSize = page.items.count
        let added = append(page.items)
        lastPage = requested
        if page.items.isEmpty || page.page != requested || requested >= page.pages || added == 0 {
            reachedEnd = true
        }
        return added
    }

    /// Records a failed load of `requested`; what was loaded stays. Pages asked for after it are dropped
    /// too (their answers will be ignored), so the next load asks for `requested` again.
    public mutating func fail(requested: Int, error: PhotoramaError) {
        guard loadingPages.contains(requested) else { return }
        loadingPages.removeAll { $0 >= requested }
        waitingAnswers = waitingAnswers.filter { $0.key < requested }
        if error != .cancelled { lastError = error }
    }

    /// Forgets the loads in flight without recording an error (they were cancelled).
    public mutating func cancelLoading() {
        loadingPages.removeAll()
        waitingAnswers.removeAll()
        isRefreshing = false
    }

    // MARK: - Refresh
    /// Starts a refresh from page 1; nil when one is already running.
    public mutating func beginRefresh() -> Int? {
        guard !isRefreshing else { return nil }
        isRefreshing = true
        return 1
    }

    /// Puts photos of the refreshed page 1 that were not seen before on top, in the page's order.
    /// Returns how many were new.
    @discardableResult
    public mutating func receiveRefresh(_ page: Page<Photo>) -> Int {
        guard isRefreshing else { return 0 }
        isRefreshing = false
        lastError = nil
        pages = page.pages
        total = page.total
        var fresh: [Photo] = []
        for photo in page.items where keys.insert(photo.key).inserted { fresh.append(photo) }
        photos.insert(contentsOf: fresh, at: 0)
        if lastPage == 0 {
            lastPage = 1
            if page.items.isEmpty || page.pages <= 1 { reachedEnd = true }
        }
        return fresh.count
    }

    public mutating func failRefresh(error: PhotoramaError) {
        guard isRefreshing else { return }
        isRefreshing = false
        if error != .cancelled { lastError = error }
    }

    /// Clears the end flag after the user asks to retry (the end may have been a transient empty page).
    public mutating func clearError() { lastError = nil }

    private mutating func append(_ items: [Photo]) -> Int {
        var added = 0
        for photo in items where keys.insert(photo.key).inserted {
            photos.append(photo)
            added += 1
        }
        return added
    }
}
