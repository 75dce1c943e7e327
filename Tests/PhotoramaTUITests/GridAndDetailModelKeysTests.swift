import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The grid and the detail through their own functions: the feed moves its selection and refreshes itself,
/// the detail scrolls, picks tags and asks for EXIF; each takes request tokens `inout` and hands back what
/// the root must still do.
@Suite struct GridAndDetailModelKeysTests {
    /// A feed of `count` photos from page 1 of 1, its selection on the first.
    private func feed(_ count: Int) -> FeedModel {
        var feed = FeedModel(source: .recent)
        _ = feed.beginNextPage(token: RequestToken(value: 1))
        let answer = Page(items: (1...count).map { photo($0) }, page: 1, pages: 1, total: count)
        _ = feed.receivePage(.success(answer), page: 1, token: RequestToken(value: 1))
        return feed
    }

    // MARK: - Grid
    @Test func theGridMovesWithinTheFeedAndTheShortLastRow() {
        // 10 photos in rows of 4: 0–3, 4–7, 8–9.
        var grid = feed(10)
        #expect(grid.gridMove(.left, nil, columns: 4, screen: 8) == false)
        #expect(grid.gridMove(.right, nil, columns: 4, screen: 8) == true)
        #expect(grid.gridMove(.character("l"), .right, columns: 4, screen: 8) == true)
        #expect(grid.selection == 2)
        #expect(grid.gridMove(.down, nil, columns: 4, screen: 8) == true)
        #expect(grid.selection == 6)
        // The row below is shorter: Down goes to its last card.
        #expect(grid.gridMove(.down, nil, columns: 4, screen: 8) == true)
        #expect(grid.selection == 9)
        #expect(grid.gridMove(.pageUp, nil, columns: 4, screen: 8) == true)
        #expect(grid.selection == 1)
        #expect(grid.gridMove(.pageDown, nil, columns: 4, screen: 8) == true)
        #expect(grid.selection == 9)
        #expect(grid.gridMove(.home, nil, columns: 4, screen: 8) == true)
        #expect(grid.selection == 0)
        #expect(grid.gridMove(.character("G"), .last, columns: 4, screen: 8) == true)
        #expect(grid.selection == 9)
        // Not a movement: the root's.
        #expect(grid.gridMove(.enter, nil, columns: 4, screen: 8) == nil)
        #expect(grid.gridMove(.character("r"), .retry, columns: 4, screen: 8) == nil)
        #expect(grid.selection == 9)
    }

    @Test func aRefreshAsksOnceAndNotWithoutASource() {
        var tokens = RequestTokens()
        var empty = FeedModel()
        #expect(empty.refresh(tokens: &tokens) == [])
        var grid = feed(3)
        #expect(grid.refresh(tokens: &tokens) == [.refresh(.recent, token: RequestToken(value: 1))])
        #expect(grid.refreshToken == RequestToken(value: 1))
        // One at a time: no token is taken for the second.
        #expect(grid.refresh(tokens: &tokens) == [])
        #expect(tokens.next() == RequestToken(value: 2))
    }

    @Test func settlingKeepsTheSelectionInViewAndAsksForThePagesPrefetchWants() {
        var grid = FeedModel(source: .recent)
        var tokens = RequestTokens()
        let first = tokens.next()
        _ = grid.beginNextPage(token: first)
        _ = grid.receivePage(.success(page(1, of: 5, perPage: 10)), page: 1, token: first)
        _ = grid.moveSelection { _ in 9 }
        let lead = PrefetchLead(photosAhead: 20, pagesInFlight: 2)
        let asked = grid.settle(columns: 3, rows: 2, lead: lead, tokens: &tokens)
        #expect(
            asked == [
                .loadPage(.recent, page: 2, token: RequestToken(value: 2)), .loadPage(.recent, page: 3, token: RequestToken(value: 3)),
            ])
        // Card 9 is on the fourth row: two rows in view end there.
        #expect(grid.scrollRow == 2)
        // Both pages are on their way: nothing more, and no token taken.
        #expect(grid.settle(columns: 3, rows: 2, lead: lead, tokens: &tokens) == [])
        #expect(tokens.next() == RequestToken(value: 4))
    }

    // MARK: - Detail
    @Test func theDetailScrollsWithinItsTextAndAsksForTheViewer() {
        var detail = DetailModel()
        detail.open()
        let extent = DetailExtent(total: 30, height: 10)
        // Down is the root's to finish: only it knows where the text ends.
        #expect(detail.key(.pageDown, nil, page: 15) == .scrollDown(15))
        #expect(detail.key(.character("j"), .down, page: 15) == .scrollDown(1))
        #expect(detail.scroll == 0)
        detail.scrollDown(by: 15, in: extent)
        #expect(detail.scroll == 15)
        detail.scrollDown(by: 15, in: extent)
        // The last line at the bottom: 30 - 10.
        #expect(detail.scroll == 20)
        #expect(detail.key(.up, nil, page: 15) == .handled)
        #expect(detail.scroll == 19)
        #expect(detail.key(.pageUp, nil, page: 15) == .handled)
        #expect(detail.scroll == 4)
        #expect(detail.key(.enter, nil, page: 15) == .openViewer)
        #expect(detail.key(.character("q"), .quit, page: 15) == nil)
        #expect(detail.isOpen)
        #expect(detail.key(.escape, nil, page: 15) == .handled)
        #expect(!detail.isOpen)
        #expect(detail.scroll == 4)
        // No photo, no text: nothing to scroll.
        detail.scrollDown(by: 5, in: nil)
        #expect(detail.scroll == 4)
    }

    @Test func tagsArePickedInTurnWrappingAndRevealed() {
        var detail = DetailModel()
        var tagged = photo(1)
        tagged.tags = ["a", "b", "c"]
        #expect(detail.nextTag(on: tagged, forward: false) == 2)
        #expect(detail.nextTag(on: tagged, forward: true) == 0)
        detail.pick(DetailTag(photo: tagged.key, index: 2), revealing: 25, height: 10)
        #expect(detail.tag == DetailTag(photo: tagged.key, index: 2))
        #expect(detail.scroll == 16)
        #expect(detail.nextTag(on: tagged, forward: true) == 0)
        #expect(detail.nextTag(on: tagged, forward: false) == 1)
        var bare = photo(2)
        bare.tags = []
        #expect(detail.nextTag(on: bare, forward: true) == nil)
    }

    @Test func exifIsAskedForFlickrPhotosAndTheOtherPhotosIsCancelled() {
        var detail = DetailModel()
        var tokens = RequestTokens()
        #expect(detail.toggleExif(for: photo(1, provider: .commons), tokens: &tokens) == [])
        #expect(detail.toggleExif(for: nil, tokens: &tokens) == [])
        let first = photo(1)
        #expect(detail.toggleExif(for: first, tokens: &tokens) == [.loadExif(first.key, token: RequestToken(value: 1))])
        let second = photo(2)
        #expect(
            detail.toggleExif(for: second, tokens: &tokens) == [
                .cancel(RequestToken(value: 1)), .loadExif(second.key, token: RequestToken(value: 2)),
            ])
        // `e` again hides it, and cancels its question.
        #expect(detail.toggleExif(for: second, tokens: &tokens) == [.cancel(RequestToken(value: 2))])
        #expect(detail.exif == nil)
    }

    @Test func theCommentsOpenOnThePhotoAndAskForTheirFirstPage() {
        var tokens = RequestTokens()
        let (overlay, effects) = Overlay.comments(on: photo(3, title: "  "), tokens: &tokens)
        #expect(effects == [.loadComments(photo(3).key, page: 1, token: RequestToken(value: 1))])
        guard case .comments(let comments) = overlay else {
            Issue.record("expected the comments, got \(overlay)")
            return
        }
        #expect(comments.title == "Untitled")
        #expect(comments.photo == photo(3).key)
    }
}
