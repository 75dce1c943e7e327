/// One page of a paged list, as the service numbered it.
public struct Page<T: Sendable>: Sendable {
    public var items: [T]
    /// 1-based.
    public var page: Int
    /// 0 for an empty result.
    public var pages: Int
    public var total: Int
    /// Set when the answer came from the cache rather than the network (the browser says so).
    public var cached: CacheOrigin?

    public init(items: [T], page: Int, pages: Int, total: Int) {
        self.items = items
        self.page = page
        self.pages = pages
        self.total = total
    }

    /// Whether the service says there is another page. An empty page is always the end.
    public var hasMore: Bool { !items.isEmpty && page < pages }
}

extension Page: Equatable where T: Equatable {}
