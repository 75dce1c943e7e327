import PhotoramaImages

/// How many photos a feed asks for at a time, and how far ahead of the selection it loads.
///
/// Prefetch keeps `screensAhead` screens loaded past the selection, so a page holds at least the first
/// screen plus those two, and nothing more is asked for at launch: the next page waits until someone
/// moves toward the end of the first.
public enum PageSizing {
    /// Screens of photos kept loaded beyond the selection.
    public static let screensAhead = 2

    /// At least three screens (the one in view and two ahead), and 100, 300 or 500 by screen size: fewer,
    /// larger pages keep the calls per hour down while `PrefetchLead` decides how many are in flight
    /// (docs/PERFORMANCE.md, "Paging"). Whole hundreds, at most Flickr's 500.
    public static func perPage(cardsPerScreen: Int) -> Int {
        let cards = max(1, cardsPerScreen)
        let throughput = cards > 40 ? 500 : cards > 20 ? 300 : 100
        let wanted = (1 + screensAhead) * cards
        return min(500, max(throughput, (wanted + 99) / 100 * 100))
    }

    /// Photos per page for a terminal of this size, with the grid the browser opens with.
    public static func perPage(columns: Int, rows: Int) -> Int {
        perPage(cardsPerScreen: cardsPerScreen(columns: columns, rows: rows))
    }

    /// The size of a feed's first pages (`PageRamp`): 100 before pages of 300 or 500, so the first screen
    /// waits only for a 100-photo answer (docs/PERFORMANCE.md). nil when pages are already 100, or when
    /// 100 photos would not fill the first screen.
    public static func openingPerPage(cardsPerScreen: Int, perPage: Int) -> Int? {
        perPage > 100 && perPage % 100 == 0 && cardsPerScreen <= 100 ? 100 : nil
    }

    public static func openingPerPage(columns: Int, rows: Int) -> Int? {
        sizes(columns: columns, rows: rows).opening
    }

    /// Both sizes for a terminal of this size, with its grid laid out once.
    public static func sizes(columns: Int, rows: Int) -> (perPage: Int, opening: Int?) {
        let cards = cardsPerScreen(columns: columns, rows: rows)
        let perPage = perPage(cardsPerScreen: cards)
        return (perPage, openingPerPage(cardsPerScreen: cards, perPage: perPage))
    }

    private static func cardsPerScreen(columns: Int, rows: Int) -> Int {
        let layout = ScreenLayout(AppState(configuration: AppConfiguration(), size: CellSize(columns: columns, rows: rows)))
        return layout.cardsPerScreen
    }
}
