import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("Infinite scroll, errors and refresh")
struct LoadingTests {
    // MARK: - Helpers
    /// Page 1 of 50 loaded at 80×24 (a screen is 15 photos), then End: the selection on photo 100 is
    /// within two screens of the end, so page 2 is asked for (token 2).
    func firstPageLoaded() -> (AppState, [Effect]) {
        var (state, effects) = startedState()
        effects = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1)))))
        effects += press(&state, .end)
        return (state, effects)
    }

    // MARK: - Infinite scroll
    @Test func theNextPageLoadsWithinTwoScreensOfTheEnd() {
        // Pages of 10 are smaller than two screens (30): loads stop once 40 photos are in…
        var (state, effects) = startedState()
        effects = answerLoads(&state, effects, perPage: 10)
        #expect(effects == [])
        #expect(state.feeds[.recent].count == 40)
        // …and start again when the selection comes within 30 photos of the last one (index 39).
        #expect(press(&state, .down, .down) == [])
        #expect(state.feeds[.recent].selection == 6)
        #expect(press(&state, .down) == [.loadPage(.recent, page: 5, token: RequestToken(value: 5))])
        #expect(state.feeds[.recent].selection == 9)
    }

    @Test func aPageBiggerThanThreeScreensLoadsNothingMoreUntilTheSelectionNearsItsEnd() {
        var (state, effects) = startedState()
        effects = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1)))))
        #expect(state.feeds[.recent].count == 100)
        #expect(effects == [])
        #expect(loadedPages(press(&state, .end)) == [2])
    }

    @Test func neverTwoLoadsOfOnePage() {
        var (state, first) = firstPageLoaded()
        var effects = first + press(&state, .end)
        effects += press(&state, .down, .pageDown, .end, .end)
        _ = reduce(&state, .runtime(.tick))
        _ = reduce(&state, .resize(CellSize(columns: 100, rows: 30)))
        #expect(loadedPages(effects) == [2])
        // A duplicate or stale answer changes nothing.
        let token = loadToken(effects)!
        effects = reduce(&state, .feed(.pageLoaded(token: token, page: 2, .success(page(2)))))
        #expect(state.feeds[.recent].count == 200)
        // The selection (photo 101) is a page from the new end: page 3 waits until it comes near.
        #expect(loadedPages(effects) == [])
        #expect(loadedPages(press(&state, .end)) == [3])
        #expect(reduce(&state, .feed(.pageLoaded(token: token, page: 2, .success(page(2))))) == [])
        _ = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 99), page: 3, .success(page(3)))))
        #expect(state.feeds[.recent].count == 200)
    }

    @Test func overlappingPagesNeverShowADuplicateCard() {
        var (state, effects) = firstPageLoaded()
        // Page 2 repeats photos 51…100 because new photos arrived in between.
        let shifted = Page(items: (51...150).map { photo($0) }, page: 2, pages: 50, total: 5000)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 2, .success(shifted))))
        #expect(state.feeds[.recent].count == 150)
        #expect(Set(state.feeds[.recent].photos.map(\.id)).count == 150)
        #expect(state.feeds[.recent].photos.last?.id == "150")
    }

    @Test func theSelectionCanStandOnTheLoadingCardWhichFillsInWhenThePageArrives() {
        var (state, effects) = firstPageLoaded()
        _ = press(&state, .end, .right)
        #expect(state.feeds[.recent].selection == 100)
        #expect(state.feeds[.recent].selectedPhoto == nil)
        // Card row 33 is the last of five in view (screen rows 18–21); the loading card is beside photo 100.
        #expect(render(state).lines[18].hasPrefix(" Photo 100".padding(27) + "loading…"))
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 2, .success(page(2)))))
        #expect(state.feeds[.recent].selectedPhoto?.id == "101")
    }

    @Test func theEndOfResultsStopsLoading() {
        var (state, effects) = startedState()
        let last = Page(items: (1...20).map { photo($0) }, page: 1, pages: 1, total: 20)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(last))))
        effects = press(&state, .end, .down, .right)
        #expect(effects == [])
        #expect(state.feeds[.recent].selection == 19)
        #expect(state.feeds[.recent].feed.reachedEnd)
    }

    // MARK: - Errors and cancellation
    @Test func aFailedPageKeepsThePhotosAndRRetries() {
        var (state, effects) = firstPageLoaded()
        let token = loadToken(effects)!
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 2, .failure(.httpStatus(500)))))
        #expect(state.feeds[.recent].count == 100)
        #expect(state.visibleError == .httpStatus(500))
        // No automatic retry while the error stands.
        #expect(press(&state, .end, .up, .down) == [])
        #expect(render(state).lines[23].hasPrefix("Recent · page 1 of 50 · 100 of 5,000 photos  HTTP 500 Internal Server Error"))
        let retry = press(&state, .character("r"))
        #expect(retry == [.loadPage(.recent, page: 2, token: RequestToken(value: 3))])
        #expect(state.visibleError == nil)
        _ = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 3), page: 2, .success(page(2)))))
        #expect(state.feeds[.recent].count == 200)
    }

    /// The card after the last photo says the page failed; selected, the detail pane says so too (it said
    /// "loading…" while nothing was loading), and every key meant for a photo answers that none is selected.
    @Test func theFailedPagesCardSelectedShowsTheFailureInTheDetailPane() {
        var (state, effects) = startedState(columns: 130, rows: 40)
        effects = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1)))))
        effects += press(&state, .end)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 2, .failure(.httpStatus(500)))))
        _ = press(&state, .right)
        #expect(state.feeds[.recent].selection == 100)
        #expect(state.feeds[.recent].selectedPhoto == nil)
        let lines = render(state).lines
        #expect(lines.contains { $0.contains("failed: r retries") })
        #expect(lines.contains { $0.contains("HTTP 500 Internal Server Error (r retries)") && $0.contains("│") })
        #expect(!lines.contains { $0.contains("loading…") })
        for action in KeyAction.onSelectedPhoto.sorted(by: { $0.rawValue < $1.rawValue }) {
            _ = press(&state, .escape)
            #expect(!render(state).lines[39].contains("No photo selected"))
            #expect(press(&state, action.defaultKey) == [], "\(action)")
            #expect(render(state).lines[39].contains("No photo selected"), "\(action)")
        }
    }

    @Test func cancellationIsNeverAnError() {
        var (state, effects) = firstPageLoaded()
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 2, .failure(.cancelled))))
        #expect(state.visibleError == nil)
    }

    // MARK: - Refresh and spinner
    @Test func refreshPutsNewPhotosOnTop() {
        var (state, _) = firstPageLoaded()
        _ = press(&state, .pageDown)
        let effects = press(&state, .ctrl("r"))
        #expect(effects == [.refresh(.recent, token: RequestToken(value: 3))])
        #expect(press(&state, .ctrl("r")) == [])  // one refresh at a time
        let fresh = Page(items: [photo(1001), photo(1002)] + (1...98).map { photo($0) }, page: 1, pages: 50, total: 5002)
        _ = reduce(&state, .feed(.refreshLoaded(token: RequestToken(value: 3), .success(fresh))))
        #expect(state.feeds[.recent].count == 102)
        #expect(state.feeds[.recent].photos.prefix(3).map(\.id) == ["1001", "1002", "1"])
        #expect(state.feeds[.recent].selection == 0)
        let frame = render(state)
        #expect(frame.lines[2].hasPrefix(" Photo 1001"))
    }

    @Test func spinnerAdvancesOnlyWhileRequestsAreInFlight() {
        var (state, _) = firstPageLoaded()
        _ = reduce(&state, .runtime(.tick))
        #expect(state.spinnerPhase == 0)
        _ = reduce(&state, .runtime(.inFlightChanged(2)))
        _ = reduce(&state, .runtime(.tick))
        _ = reduce(&state, .runtime(.tick))
        #expect(state.spinnerPhase == 2)
        #expect(render(state).lines[23].hasPrefix("⠹ Recent"))
    }

    // MARK: - Network log
    @Test func networkLogKeepsTheLast200() {
        var (state, _) = firstPageLoaded()
        let entries = (0..<250).map { index in
            RequestLogEntry(
                date: .init(timeIntervalSince1970: 0), method: .get, url: "https://x/\(index)", status: 200,
                headers: [:], bytes: index, duration: .milliseconds(5), error: nil)
        }
        _ = reduce(&state, .runtime(.networkLogAppended(entries, through: entries.count)))
        #expect(state.networkLog.count == 200)
        #expect(state.networkLog.first?.bytes == 50)
    }

    /// Loads report the log's new entries as they end, and reports can overtake each other: each entry
    /// is listed once, in the log's order, whatever arrives late.
    @Test func networkLogTakesEachEntryOnceFromReportsInAnyOrder() {
        var (state, _) = firstPageLoaded()
        func entries(_ numbers: ClosedRange<Int>) -> [RequestLogEntry] {
            numbers.map { number in
                RequestLogEntry(
                    date: .init(timeIntervalSince1970: 0), method: .get, url: "https://x/\(number)", status: 200,
                    headers: [:], bytes: number, duration: .milliseconds(5), error: nil)
            }
        }
        _ = reduce(&state, .runtime(.networkLogAppended(entries(1...3), through: 3)))
        #expect(state.networkLog.map(\.bytes) == [1, 2, 3])
        // A report that left before the last one: nothing new.
        _ = reduce(&state, .runtime(.networkLogAppended(entries(2...2), through: 2)))
        // One that overlaps what is there.
        _ = reduce(&state, .runtime(.networkLogAppended(entries(2...5), through: 5)))
        _ = reduce(&state, .runtime(.networkLogAppended(entries(5...5), through: 5)))
        #expect(state.networkLog.map(\.bytes) == [1, 2, 3, 4, 5])
        _ = reduce(&state, .runtime(.networkLogAppended(entries(6...300), through: 300)))
        #expect(state.networkLog.count == 200)
        #expect(state.networkLog.first?.bytes == 101)
        #expect(state.networkLog.last?.bytes == 300)
    }
}
