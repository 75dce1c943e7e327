import PhotoramaImages
import PhotoramaKit
import Testing

@testable import PhotoramaTUI

/// How big pages are and when the next one is asked for: the first screen fast, two screens ahead after
/// that, and never a page nobody is near.
@Suite("Page sizes and prefetch")
struct PrefetchTests {
    @Test("a page holds at least the screen in view and the two ahead, 100/300/500 by screen size")
    func pageSizes() {
        #expect(PageSizing.perPage(cardsPerScreen: 0) == 100)
        #expect(PageSizing.perPage(cardsPerScreen: 15) == 100)
        #expect(PageSizing.perPage(cardsPerScreen: 20) == 100)
        #expect(PageSizing.perPage(cardsPerScreen: 21) == 300)
        #expect(PageSizing.perPage(cardsPerScreen: 40) == 300)
        #expect(PageSizing.perPage(cardsPerScreen: 41) == 500)
        #expect(PageSizing.perPage(cardsPerScreen: 1_000) == 500)
    }

    @Test("terminal sizes: 80×24 shows 15 cards, 120×40 and 200×60 more; 1×1 still gets a page")
    func pageSizesForTerminals() {
        for (columns, rows) in [(80, 24), (120, 40), (200, 60), (1, 1)] {
            let layout = ScreenLayout(AppState(configuration: AppConfiguration(), size: CellSize(columns: columns, rows: rows)))
            let cards = layout.gridColumns * layout.visibleRows
            #expect(PageSizing.perPage(columns: columns, rows: rows) == PageSizing.perPage(cardsPerScreen: cards))
            #expect(
                PageSizing.perPage(columns: columns, rows: rows) >= 3 * cards || PageSizing.perPage(columns: columns, rows: rows) == 500)
        }
        #expect(PageSizing.perPage(columns: 80, rows: 24) == 100)
    }

    @Test("feeds of 300 or 500 a page open with pages of 100; 100-photo pages and huge screens do not")
    func openingPageSizes() {
        #expect(PageSizing.openingPerPage(cardsPerScreen: 15, perPage: 100) == nil)
        #expect(PageSizing.openingPerPage(cardsPerScreen: 30, perPage: 300) == 100)
        #expect(PageSizing.openingPerPage(cardsPerScreen: 60, perPage: 500) == 100)
        #expect(PageSizing.openingPerPage(cardsPerScreen: 101, perPage: 500) == nil)
        #expect(PageSizing.openingPerPage(columns: 80, rows: 24) == nil)
        #expect(PageSizing.openingPerPage(columns: 120, rows: 40) == 100)
    }

    @Test("after the first page at launch nothing more is fetched")
    func launchFetchesOnePage() {
        var (state, effects) = startedState(columns: 120, rows: 40)
        #expect(effects == [.loadPage(.recent, page: 1, token: RequestToken(value: 1))])
        let perPage = PageSizing.perPage(columns: 120, rows: 40)
        effects = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 1), page: 1, .success(page(1, perPage: perPage)))))
        #expect(effects == [])
        #expect(state.feeds[.recent].count == perPage)
        // Ticks, resizes to the same size and moving within the first screen fetch nothing either.
        #expect(reduce(&state, .runtime(.tick)) == [])
        #expect(press(&state, .down, .right) == [])
    }

    @Test("the next page is asked for exactly when the selection comes within two screens of the last photo")
    func twoScreensAhead() {
        // 80×24: 3 columns × 5 rows = 15 cards; page 1 holds 100 photos (indices 0…99).
        var (state, effects) = startedState()
        effects = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 1), page: 1, .success(page(1)))))
        #expect(effects == [])
        // Index 68 is 31 photos from the end (index 99): more than two screens (30).
        for _ in 0..<22 { #expect(press(&state, .down) == []) }
        #expect(press(&state, .right, .right) == [])
        #expect(state.feeds[.recent].selection == 68)
        // Index 69, a row below 66, is 30 from the end: exactly two screens.
        #expect(press(&state, .left, .left) == [])
        #expect(press(&state, .down) == [.loadPage(.recent, page: 2, token: RequestToken(value: 2))])
        #expect(state.feeds[.recent].selection == 69)
        // While it is in flight, moving on asks for nothing more, even onto the loading card.
        #expect(press(&state, .end, .right, .pageDown) == [])
        #expect(state.feeds[.recent].selection == 100)
        // The answer fills the loading card; the selection is then 99 photos from the new end: nothing more.
        effects = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 2), page: 2, .success(page(2)))))
        #expect(effects == [])
        #expect(state.feeds[.recent].selectedPhoto?.id == "101")
    }

    @Test("PgDn held through many pages: one page at a time, each asked for once, in order")
    func pageDownThroughPages() {
        var (state, effects) = startedState()
        var asked: [Int] = []
        for _ in 0..<120 {
            // Answer each load at once, as a fast server would between two key repeats.
            while let token = loadToken(effects), let number = loadedPages(effects).first {
                #expect(loadedPages(effects).count == 1)
                asked.append(number)
                effects = reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(page(number)))))
            }
            effects = press(&state, .pageDown)
        }
        #expect(asked == Array(1...asked.count))
        #expect(state.feeds[.recent].count == asked.count * 100)
        // Never more than two screens and a page beyond the selection.
        #expect(state.feeds[.recent].count - 1 - state.feeds[.recent].selection <= 2 * 15 + 100)
    }
}
