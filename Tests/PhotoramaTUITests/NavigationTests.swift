import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import SeededRandom
import Testing

@testable import PhotoramaTUI

/// At 80×24 the grid has 3 columns of 26 and 5 rows of cards: a screen is 15 photos.
@Suite("Moving the selection")
struct NavigationTests {
    // MARK: - Helpers
    /// A feed of `count` photos that is known to be complete (one page of one).
    func completeFeed(_ count: Int, columns: Int = 80, rows: Int = 24) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: rows)
        let token = loadToken(effects)!
        let answer = Page(items: (1...count).map { photo($0) }, page: 1, pages: 1, total: count)
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(answer))))
        return state
    }

    // MARK: - Moving with keys
    @Test func startsByLoadingTheFirstPageOfRecent() {
        let (state, effects) = startedState()
        #expect(effects == [.loadPage(.recent, page: 1, token: RequestToken(value: 1))])
        #expect(state.tab == .recent)
    }

    @Test func arrowsAndVimKeysMoveInTwoDimensions() {
        var state = completeFeed(10)
        _ = press(&state, .right)
        #expect(state.feeds[.recent].selection == 1)
        _ = press(&state, .character("j"))
        #expect(state.feeds[.recent].selection == 4)
        _ = press(&state, .character("l"), .down)
        #expect(state.feeds[.recent].selection == 8)
        _ = press(&state, .character("h"), .character("k"))
        #expect(state.feeds[.recent].selection == 4)
        _ = press(&state, .left, .up)
        #expect(state.feeds[.recent].selection == 0)
    }

    @Test func edgesStopTheSelection() {
        var state = completeFeed(10)
        _ = press(&state, .left, .up)
        #expect(state.feeds[.recent].selection == 0)
        _ = press(&state, .right, .right, .right, .right)
        #expect(state.feeds[.recent].selection == 2)  // the right edge of the first row
        _ = press(&state, .down, .down)
        #expect(state.feeds[.recent].selection == 8)
        // The last row holds only photo 10 (index 9): down from 8 goes there, then stops.
        _ = press(&state, .down)
        #expect(state.feeds[.recent].selection == 9)
        _ = press(&state, .down, .right)
        #expect(state.feeds[.recent].selection == 9)
    }

    @Test func pagesAndEnds() {
        var state = completeFeed(100)
        _ = press(&state, .pageDown)
        #expect(state.feeds[.recent].selection == 15)
        _ = press(&state, .pageDown, .pageUp)
        #expect(state.feeds[.recent].selection == 15)
        _ = press(&state, .end)
        #expect(state.feeds[.recent].selection == 99)
        _ = press(&state, .character("g"))
        #expect(state.feeds[.recent].selection == 0)
        // G is the gallery prompt now; End alone is the last photo.
        _ = press(&state, .character("G"))
        #expect(state.feeds[.recent].selection == 0)
        #expect(state.searchBar.focused)
        _ = press(&state, .escape, .end, .home)
        #expect(state.feeds[.recent].selection == 0)
    }

    @Test func scrollingKeepsTheSelectionVisible() {
        var state = completeFeed(100)
        _ = press(&state, .end)
        #expect(state.feeds[.recent].scrollRow == 33 - 4)  // row 33 at the bottom of 5 visible rows
        _ = press(&state, .home)
        #expect(state.feeds[.recent].scrollRow == 0)
        for _ in 0..<6 { _ = press(&state, .down) }
        #expect(state.feeds[.recent].selection == 18)
        #expect(state.feeds[.recent].scrollRow == 2)
    }

    // MARK: - Random photo and resizing
    @Test func randomPhotoIsSeeded() {
        var first = completeFeed(100)
        var second = completeFeed(100)
        _ = press(&first, .character("R"))
        _ = press(&second, .character("R"))
        #expect(first.feeds[.recent].selection == second.feeds[.recent].selection)
        var generator = SeededGenerator(seed: 42)
        #expect(first.feeds[.recent].selection == Int.random(in: 0..<100, using: &generator))
    }

    @Test func resizeRelaysOutAndKeepsTheSelectionVisible() {
        var state = completeFeed(100)
        for _ in 0..<4 { _ = press(&state, .down) }
        #expect(state.feeds[.recent].selection == 12)  // row 4, the last visible row
        #expect(state.feeds[.recent].scrollRow == 0)
        // 40×12: one column, cards of 4 rows in a 9-row grid: 2 rows in view.
        _ = reduce(&state, .resize(CellSize(columns: 40, rows: 12)))
        #expect(ScreenLayout(state).gridColumns == 1)
        #expect(ScreenLayout(state).visibleRows == 2)
        #expect(state.feeds[.recent].scrollRow == 11)
        _ = reduce(&state, .resize(CellSize(columns: 200, rows: 60)))
        #expect(ScreenLayout(state).gridColumns == 5)
        #expect(ScreenLayout(state).pane.width == 66)
        #expect(state.feeds[.recent].scrollRow == 2)
        _ = reduce(&state, .resize(CellSize(columns: 0, rows: 0)))
        _ = reduce(&state, .resize(CellSize(columns: 1, rows: 1)))
        _ = press(&state, .down, .pageDown, .end)
        #expect(state.feeds[.recent].selection == 99)
    }

    // MARK: - Detail and quitting
    @Test func enterOpensTheFullScreenDetailBelow120Columns() {
        var state = completeFeed(10)
        _ = press(&state, .enter)
        #expect(state.detailOpen)
        _ = press(&state, .escape)
        #expect(!state.detailOpen)
        var wide = completeFeed(10, columns: 120, rows: 40)
        _ = press(&wide, .enter)
        #expect(!wide.detailOpen)
    }

    @Test func quitWithQButNotWhileTyping() {
        var state = completeFeed(3)
        #expect(press(&state, .character("q")) == [.quit])
        _ = press(&state, .character("/"))
        #expect(press(&state, .character("q")) == [])
        #expect(state.searchBar.text == "q")
        #expect(press(&state, .ctrl("c")) == [.quit])
    }

    // MARK: - Mouse and tabs
    @Test func mouseSelectsCardsAndTabs() {
        var state = completeFeed(10)
        // Second card row starts at screen row 2 + 4; the middle column starts at 26.
        _ = reduce(&state, .mouse(.press(row: 7, column: 30)))
        #expect(state.feeds[.recent].selection == 4)
        _ = reduce(&state, .mouse(.wheelDown(row: 7, column: 30)))
        #expect(state.feeds[.recent].selection == 7)
        // "2 Popular" starts at column 10.
        let effects = reduce(&state, .mouse(.press(row: 0, column: 12)))
        #expect(state.tab == .popular)
        #expect(effects == [.loadPage(.popular, page: 1, token: RequestToken(value: 2))])
    }

    @Test func tabsSwitchWithDigitsAndTab() {
        var state = completeFeed(3)
        _ = press(&state, .character("5"))
        #expect(state.tab == .saved)
        _ = press(&state, .tab)
        #expect(state.tab == .explore)
        _ = press(&state, .tab)
        #expect(state.tab == .recent)
        _ = press(&state, .backTab)
        #expect(state.tab == .explore)
        _ = press(&state, .character("6"))
        #expect(state.tab == .explore)
        _ = press(&state, .character("3"))
        #expect(state.tab == .search)
        #expect(state.searchBar.focused)
    }
}
