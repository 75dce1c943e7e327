/// How many photos a feed asks for at a time, and how far ahead of the selection it loads.
///
/// The first screen arrives fastest with the smallest page that fills it: the demo server makes, writes
/// and sends, and the browser parses, every photo of the page before the first card is drawn. Prefetch
/// keeps `screensAhead` screens loaded past the selection, so the first page holds the first screen plus
/// those two, and nothing more is asked for until someone moves toward its end.
public enum PageSizing {
    /// Screens of photos kept loaded beyond the selection.
    public static let screensAhead = 2

    /// Three screens (the one in view and two ahead), rounded up to a hundred, between 100 and Flickr's
    /// maximum of 500.
    public static func perPage(cardsPerScreen: Int) -> Int {
        let wanted = (1 + screensAhead) * max(1, cardsPerScreen)
        return min(500, max(100, (wanted + 99) / 100 * 100))
    }

    /// Photos per page for a terminal of this size, with the grid the browser opens with.
    public static func perPage(columns: Int, rows: Int) -> Int {
        let layout = ScreenLayout(AppState(configuration: AppConfiguration(), size: Size(columns: columns, rows: rows)))
        return perPage(cardsPerScreen: layout.gridColumns * layout.visibleRows)
    }
}
