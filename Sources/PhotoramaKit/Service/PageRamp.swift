/// A feed's pages as the browser counts them: the first few hold `opening` photos each, so the first
/// screen waits only for a small answer, then every page holds `perPage` (large pages keep paging fast
/// when a key is held down). `opening` divides `perPage`, so the small pages end exactly where the
/// service's second large page begins: no photo is asked for twice and none is skipped.
public struct PageRamp: Sendable, Equatable {
    /// Photos in each opening page; equal to `perPage` when there is no ramp.
    public let opening: Int
    public let perPage: Int

    /// No ramp unless `opening` is smaller than `perPage` and divides it.
    public init(opening: Int?, perPage: Int) {
        self.perPage = max(1, perPage)
        if let opening, opening > 0, opening < self.perPage, self.perPage % opening == 0 {
            self.opening = opening
        } else {
            self.opening = self.perPage
        }
    }

    /// How many opening pages fill the service's first large page.
    public var openingPages: Int { perPage / opening }

    /// The service request for the browser's page `page` (1-based): its page size and page number.
    public func request(_ page: Int) -> (perPage: Int, page: Int) {
        let page = max(1, page)
        if opening < perPage, page <= openingPages { return (opening, page) }
        return (perPage, page - openingPages + 1)
    }

    /// The service's answer to `request(page)` in the browser's numbering: `page` as the browser counts
    /// it and `pages` for the photos the service says it has.
    public func renumber<T>(_ answer: Page<T>, asked page: Int) -> Page<T> {
        let size = request(page).perPage
        var photos = max(0, answer.pages) * size
        if answer.total > 0 { photos = min(photos, answer.total) }
        let pages =
            photos == 0
            ? 0
            : photos <= perPage
                ? (photos + opening - 1) / opening
                : openingPages + (photos - perPage + perPage - 1) / perPage
        // A service that answers another page than the one asked (Flickr repeats its last page) keeps
        // saying so, in the browser's numbering.
        let answered = size == opening && opening < perPage ? answer.page : answer.page + openingPages - 1
        var renumbered = answer
        renumbered.page = answered
        renumbered.pages = pages
        return renumbered
    }
}
