/// Loads the pages of one source in order, on demand, following `FeedState`'s rules: never two loads
/// of one page in flight, duplicates removed across pages, the end known from the answers, a refresh
/// that puts new photos on top, and nothing lost when a load fails.
///
/// The loader is any `(page) -> Page<Photo>` function, so tests drive the feed without a network.
public actor PhotoFeed {
    public typealias Loader = @Sendable (Int) async throws(PhotoramaError) -> Page<Photo>

    private let loader: Loader
    private var state = FeedState()
    /// The load in flight; a second caller waits for it instead of asking for the same page again.
    private var nextPageLoad: Task<Result<Int, PhotoramaError>, Never>?
    private var refreshLoad: Task<Result<Int, PhotoramaError>, Never>?
    /// How many calls joined a load already in flight instead of starting one (observable by tests).
    private(set) var joinedLoads = 0

    public init(loader: @escaping Loader) {
        self.loader = loader
    }

    public var photos: [Photo] { state.photos }
    public var reachedEnd: Bool { state.reachedEnd }
    public var lastError: PhotoramaError? { state.lastError }
    public var isLoading: Bool { state.isLoading }
    /// What the service last said: number of pages and of photos.
    public var pages: Int? { state.pages }
    public var total: Int? { state.total }
    /// The state as a value, for the UI to render.
    public var snapshot: FeedState { state }

    /// Loads the next page and returns how many photos were new. Returns 0 at once when the end is
    /// known; a call while a page is loading waits for that load and returns its result.
    @discardableResult
    public func loadNextPage() async throws(PhotoramaError) -> Int {
        if let nextPageLoad { return try await join(nextPageLoad) }
        // A refresh of a feed that has nothing yet is the load of page 1: join it.
        if let refreshLoad, state.lastPage == 0 { return try await join(refreshLoad) }
        guard let page = state.beginNextPage() else { return 0 }
        let loader = self.loader
        let task = Task { () async -> Result<Int, PhotoramaError> in
            let result: Result<Page<Photo>, PhotoramaError>
            do throws(PhotoramaError) { result = .success(try await loader(page)) } catch { result = .failure(error) }
            return self.apply(result, requested: page)
        }
        nextPageLoad = task
        return try await task.value.get()
    }

    private func apply(_ result: Result<Page<Photo>, PhotoramaError>, requested: Int) -> Result<Int, PhotoramaError> {
        nextPageLoad = nil
        switch result {
        case .success(let page): return .success(state.receive(page, requested: requested))
        case .failure(let error):
            state.fail(requested: requested, error: error)
            return .failure(error)
        }
    }

    /// Loads page 1 again and puts photos not seen before on top. Returns how many were new.
    @discardableResult
    public func refresh() async throws(PhotoramaError) -> Int {
        if let refreshLoad { return try await join(refreshLoad) }
        // Page 1 is already on its way as the first page: its answer is the refresh.
        if let nextPageLoad, state.loadingPage == 1 { return try await join(nextPageLoad) }
        guard let page = state.beginRefresh() else { return 0 }
        let loader = self.loader
        let task = Task { () async -> Result<Int, PhotoramaError> in
            let result: Result<Page<Photo>, PhotoramaError>
            do throws(PhotoramaError) { result = .success(try await loader(page)) } catch { result = .failure(error) }
            return self.applyRefresh(result)
        }
        refreshLoad = task
        return try await task.value.get()
    }

    private func applyRefresh(_ result: Result<Page<Photo>, PhotoramaError>) -> Result<Int, PhotoramaError> {
        refreshLoad = nil
        switch result {
        case .success(let page): return .success(state.receiveRefresh(page))
        case .failure(let error):
            state.failRefresh(error: error)
            return .failure(error)
        }
    }

    private func join(_ load: Task<Result<Int, PhotoramaError>, Never>) async throws(PhotoramaError) -> Int {
        joinedLoads += 1
        return try await load.value.get()
    }

    /// The first `limit` photos, loading pages as needed until there are enough or the end is reached
    /// (what `--limit N` prints). A failed load throws; the photos loaded so far stay in the feed.
    public func photos(limit: Int) async throws(PhotoramaError) -> [Photo] {
        guard limit > 0 else { return [] }
        while state.photos.count < limit, !state.reachedEnd {
            try await loadNextPage()
        }
        return Array(state.photos.prefix(limit))
    }
}
