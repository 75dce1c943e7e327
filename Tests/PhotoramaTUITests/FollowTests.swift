import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText
import Testing

@testable import PhotoramaTUI

/// At 80×24 the grid has 3 columns and 5 rows of cards; at 120 columns the detail pane sits beside it.
func screenText(_ frame: Frame) -> String { frame.lines.joined(separator: "\n") }

@Suite("Open, copy, follow and the back stack")
struct FollowTests {
    // MARK: - Helpers
    /// Photo `number` as `photo(_:)` makes it, owned by "nsid-N" called "Owner N", with three tags.
    func owned(_ number: Int) -> Photo {
        var base = photo(number)
        base.ownerID = "nsid-\(number)"
        base.owner = "Owner \(number)"
        base.tags = ["red", "blue sky", "green"]
        return base
    }

    /// Recent loaded with `count` owned photos on one page.
    func recentState(_ count: Int = 100, columns: Int = 80, rows: Int = 24) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: rows)
        let token = loadToken(effects)!
        let answer = Page(items: (1...count).map(owned), page: 1, pages: 1, total: count)
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(answer))))
        return state
    }

    /// Answers the page load among `effects` with `count` owned photos numbered from `first`.
    func answer(_ state: inout AppState, _ effects: [Effect], first: Int, count: Int = 60) {
        guard let token = loadToken(effects) else {
            Issue.record("no page load in \(effects)")
            return
        }
        let items = (first..<(first + count)).map(owned)
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: items, page: 1, pages: 1, total: count)))))
    }

    // MARK: - Following and the back stack
    @Test func uOpensTheOwnersPhotosOnTheSearchTab() {
        var state = recentState()
        _ = press(&state, .pageDown, .right)  // index 16
        let effects = press(&state, .character("U"))
        #expect(state.tab == .search)
        #expect(state.feeds[.search].source == .user(id: "nsid-17"))
        #expect(state.sourceLabel(for: .search) == "Photos by Owner 17")
        #expect(effects == [.loadPage(.user(id: "nsid-17"), page: 1, token: state.feeds[.search].pageToken!)])
        #expect(state.backStack.count == 1)
    }

    @Test func olderFeedsOnTheBackStackLetGoOfTheirPhotosAndLoadAgainWhenEscReachesThem() {
        var state = recentState()
        // Five owners followed one from the other, each feed 100 photos: the first push is the empty
        // Search tab, then four feeds of 100. The newest three fit the budget of 300; the oldest is cooled.
        var sources: [PhotoSource] = []
        for step in 0..<5 {
            answer(&state, press(&state, .character("U")), first: 1000 * (step + 1), count: 100)
            sources.append(state.feeds[.search].source!)
            _ = press(&state, .down)
        }
        #expect(BackEntry.photoBudget == 300)
        #expect(state.backStack.map(\.search.count) == [0, 0, 100, 100, 100])
        #expect(state.backStack[1].search.source == sources[0])
        #expect(state.backStack[1].search.selection == 0)
        #expect(state.backStack[4].search.selection == 3)  // Down moves a row of 3 cards

        // Esc three times: the kept feeds come back as they were, with nothing to load.
        for step in [3, 2, 1] {
            #expect(press(&state, .escape).isEmpty)
            #expect(state.feeds[.search].source == sources[step])
            #expect(state.feeds[.search].count == 100)
            #expect(state.feeds[.search].selection == 3)
        }
        // The fourth: the cooled feed loads again from its first page.
        let effects = press(&state, .escape)
        #expect(state.feeds[.search].source == sources[0])
        #expect(state.feeds[.search].count == 0)
        #expect(effects == [.loadPage(sources[0], page: 1, token: state.feeds[.search].pageToken!)])
        answer(&state, effects, first: 1000, count: 100)
        #expect(state.feeds[.search].count == 100)
    }

    @Test func escRestoresEachFeedsSelectionAndScrollExactly() {
        var state = recentState()
        _ = press(&state, .pageDown, .pageDown, .down, .right)  // index 34, scrolled
        let recentSelection = state.feeds[.recent].selection
        let recentScroll = state.feeds[.recent].scrollRow
        #expect(recentSelection == 34)
        #expect(recentScroll == 7)

        // Owner feed: move inside it, then follow a gallery from there.
        answer(&state, press(&state, .character("U")), first: 1000)
        _ = press(&state, .pageDown, .down, .down)
        let ownerSelection = state.feeds[.search].selection
        let ownerScroll = state.feeds[.search].scrollRow
        #expect(ownerSelection == 21)
        #expect(ownerScroll == 3)
        _ = press(&state, .character("G"))
        _ = type(&state, "https://www.flickr.com/photos/someone/galleries/72157647277042064/")
        answer(&state, press(&state, .enter), first: 2000)
        #expect(state.feeds[.search].source == .gallery(id: "72157647277042064"))
        #expect(state.backStack.count == 2)
        _ = press(&state, .down)

        // Back to the owner feed, as it was.
        let back = press(&state, .escape)
        #expect(state.tab == .search)
        #expect(state.feeds[.search].source == .user(id: "nsid-35"))
        #expect(state.feeds[.search].selection == ownerSelection)
        #expect(state.feeds[.search].scrollRow == ownerScroll)
        #expect(state.feeds[.search].count == 60)
        #expect(back.isEmpty)  // nothing was in flight, and the feed is complete

        // Back to Recent, as it was; one more Esc does nothing.
        _ = press(&state, .escape)
        #expect(state.tab == .recent)
        #expect(state.feeds[.recent].selection == recentSelection)
        #expect(state.feeds[.recent].scrollRow == recentScroll)
        #expect(state.backStack.isEmpty)
        _ = press(&state, .escape)
        #expect(state.tab == .recent)
        #expect(state.feeds[.recent].selection == recentSelection)
    }

    @Test func followingCancelsTheLoadInFlightAndGoingBackLoadsItAgain() {
        var state = recentState()
        _ = press(&state, .character("U"))
        let ownerToken = state.feeds[.search].pageToken!
        let effects = press(&state, .character("G")) + type(&state, "72157000000000001") + press(&state, .enter)
        #expect(effects.first == .cancel(ownerToken))
        let galleryToken = state.feeds[.search].pageToken!
        let back = press(&state, .escape)
        #expect(back.first == .cancel(galleryToken))
        // The owner feed comes back empty and asks for its first page again.
        #expect(loadedPages(back) == [1])
        #expect(state.feeds[.search].source == .user(id: "nsid-1"))
    }

    // MARK: - Picking tags
    @Test func tagsArePickedWithBracketsAndEnterSearchesThePickedOne() {
        var state = recentState(columns: 120, rows: 40)
        _ = press(&state, .right)
        _ = press(&state, .character("]"), .character("]"))
        #expect(state.pickedTagIndex == 1)
        _ = press(&state, .character("["), .character("["))
        #expect(state.pickedTagIndex == 2)  // wraps to the last
        _ = press(&state, .character("["))
        let effects = press(&state, .enter)
        #expect(state.tab == .search)
        #expect(state.feeds[.search].source == .tag("blue sky"))
        #expect(state.sourceLabel(for: .search) == "Tag “blue sky”")
        #expect(loadedPages(effects) == [1])
        _ = press(&state, .escape)
        #expect(state.tab == .recent)
        #expect(state.feeds[.recent].selection == 1)
    }

    @Test func escFirstCancelsThePickedTagAndMovingForgetsIt() {
        var state = recentState(columns: 120, rows: 40)
        _ = press(&state, .character("]"))
        #expect(state.pickedTagIndex == 0)
        _ = press(&state, .escape)
        #expect(state.pickedTagIndex == nil)
        _ = press(&state, .character("]"), .right)
        #expect(state.pickedTagIndex == nil)
        // Enter without a picked tag still opens the viewer.
        _ = press(&state, .enter)
        #expect(state.viewerOpen)
    }

    @Test func bracketsDoNothingWithoutAVisibleDetail() {
        var state = recentState()  // 80 columns: no pane
        _ = press(&state, .character("]"))
        #expect(state.detailTag == nil)
        _ = press(&state, .enter, .character("]"))  // the full-screen detail shows the tags
        #expect(state.pickedTagIndex == 0)
    }

    @Test func thePickedTagIsHighlightedAndTheHintSaysWhatEnterDoes() {
        var state = recentState(columns: 120, rows: 40)
        let before = render(state)
        #expect(screenText(before).contains("[ ] pick a tag, Enter searches it"))
        _ = press(&state, .character("]"), .character("]"))
        let frame = render(state)
        let lines = frame.lines
        let row = lines.firstIndex { $0.contains("Tags: red, blue sky, green") }!
        let start = lines[row].range(of: "Tags: ")!.lowerBound
        let column = DisplayWidth.of(String(lines[row][..<start])) + "Tags: red, ".count
        let theme = Theme(colors: false)
        #expect((0..<8).map { frame[row, column + $0].style } == Array(repeating: theme.selected, count: 8))
        #expect(frame[row, column - 2].style != theme.selected)
        #expect(frame[row, column + 8].style != theme.selected)
        #expect(lines[row + 1].contains("Enter searches “blue sky”, Esc cancels"))
    }

    // MARK: - Opening and copying
    @Test func oAsksToOpenThePageAndSaysSo() {
        var state = recentState()
        let effects = press(&state, .character("o"))
        #expect(effects == [.openInBrowser(URL(string: "https://www.flickr.com/photos/owner/1")!)])
        #expect(state.notice == "Opening https://www.flickr.com/photos/owner/1")
        _ = reduce(&state, .runtime(.notice(WebPageOpener.missingMessage)))
        #expect(screenText(render(state)).contains("No browser: set $BROWSER or install xdg-open"))
        _ = press(&state, .right)
        #expect(state.notice == nil)
    }

    @Test func yAndCapitalYCopyThePageAndTheImageAddresses() {
        var state = recentState()
        #expect(press(&state, .character("y")) == [.copyToClipboard("https://www.flickr.com/photos/owner/1")])
        #expect(state.notice == "Copied page URL: https://www.flickr.com/photos/owner/1")
        #expect(press(&state, .character("Y")) == [.copyToClipboard("https://example.com/1.jpg")])
        #expect(state.notice == "Copied image URL: https://example.com/1.jpg")
    }

    // MARK: - Refusals and prompts
    @Test func uOnAPhotoWithoutAnOwnerIdSaysWhy() {
        var (state, effects) = startedState()
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1, of: 1, perPage: 10)))))
        #expect(press(&state, .character("U")).isEmpty)
        #expect(state.notice == "This photo's owner is not known")
        #expect(state.tab == .recent)
        #expect(state.backStack.isEmpty)
    }

    @Test func theGalleryPromptRefusesWhatIsNotAGalleryAndEscLeavesIt() {
        var state = recentState()
        _ = press(&state, .character("G"))
        #expect(screenText(render(state)).contains("Gallery id or URL: "))
        _ = type(&state, "cats")
        #expect(press(&state, .enter).isEmpty)
        #expect(state.searchBar.error == "Not a gallery id or flickr.com/photos/USER/galleries/ID address")
        _ = press(&state, .escape)
        #expect(!state.searchBar.focused)
        #expect(state.searchBar.purpose == .search)
        #expect(state.tab == .recent)
        // End is still the last photo.
        _ = press(&state, .end)
        #expect(state.feeds[.recent].selection == 99)
    }

    // MARK: - Searches and starting feeds
    @Test func aSearchTypedWhileFollowingIsOneMoreStepBack() {
        var state = recentState()
        answer(&state, press(&state, .character("U")), first: 1000)
        _ = press(&state, .down)
        _ = press(&state, .character("/"))
        _ = type(&state, "cats")
        _ = press(&state, .enter)
        #expect(state.feeds[.search].source == .search(text: "cats"))
        _ = press(&state, .escape)
        #expect(state.feeds[.search].source == .user(id: "nsid-1"))
        #expect(state.feeds[.search].selection == 3)
        #expect(state.searchBar.text == "")
        _ = press(&state, .escape)
        #expect(state.tab == .recent)
    }

    @Test func theBrowseOptionsOpenTheirFeedOnTheSearchTab() {
        var configuration = AppConfiguration(demoProviders: [.flickr])
        configuration.initialFeed = (.gallery(id: "72157000000000001"), "72157000000000001")
        var state = AppState(configuration: configuration, size: CellSize(columns: 120, rows: 40))
        let effects = start(&state)
        #expect(state.tab == .search)
        #expect(effects == [.loadPage(.gallery(id: "72157000000000001"), page: 1, token: RequestToken(value: 1))])
        #expect(render(state).lines.first?.contains("Gallery 72157000000000001") == true)
    }
}
