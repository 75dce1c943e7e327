import Foundation
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The palette, a feed's answers, the Favourites' pages, the back stack and the follow keys through their
/// own functions: each changes only its own model, takes request tokens `inout`, and hands back what the
/// root must still do.
@Suite struct JoiningModelKeysTests {
    // MARK: - Palette
    @Test func thePaletteHandsBackTheKeyActionItChoseAndCloses() {
        var palette = PaletteModel()
        palette.open()
        for character in "slidesh" { #expect(palette.key(.character(character)) == nil) }
        #expect(palette.key(.enter) == .key(.slideshow))
        #expect(!palette.isOpen)
        #expect(palette.used == ["slideshow"])
    }

    @Test func anArgumentCommandWaitsForItsArgumentThenForHowItRan() {
        var palette = PaletteModel()
        palette.open()
        for character in "pag" { _ = palette.key(.character(character)) }
        // No argument yet: Enter completes the name, and the argument follows.
        #expect(palette.key(.enter) == nil)
        #expect(palette.text == "page ")
        _ = palette.key(.character("9"))
        #expect(palette.key(.enter) == .argument(.page, "9", name: "page"))
        #expect(palette.isOpen)
        #expect(palette.finished("page", .failure(.invalidInput("Page 9 is not loaded: pages 1–2 are"))) == [])
        #expect(palette.error == "Page 9 is not loaded: pages 1–2 are")
        #expect(palette.isOpen)
        #expect(palette.finished("page", .success([.redraw])) == [.redraw])
        #expect(!palette.isOpen)
        #expect(palette.used == ["page"])
        #expect(palette.key(.escape) == nil)
    }

    /// A feed of `count` photos from page 1 of `pages`.
    private func feed(_ count: Int, pages: Int = 1) -> FeedModel {
        var feed = FeedModel(source: .recent)
        _ = feed.beginNextPage(token: RequestToken(value: 1))
        let answer = Page(items: (1...count).map { photo($0) }, page: 1, pages: pages, total: count * pages)
        _ = feed.receivePage(.success(answer), page: 1, token: RequestToken(value: 1))
        return feed
    }

    @Test func aPageOfTheGridIsItsFirstCardAndOnlyWhenLoaded() {
        let grid = feed(25)
        #expect(grid.firstCard(ofPage: "1", screen: 10) == .success(0))
        #expect(grid.firstCard(ofPage: "3", screen: 10) == .success(20))
        #expect(grid.firstCard(ofPage: "4", screen: 10) == .failure(.invalidInput("Page 4 is not loaded: pages 1–3 are")))
        #expect(grid.firstCard(ofPage: "0", screen: 10) == .failure(.invalidInput("A page is a number from 1")))
        #expect(grid.firstCard(ofPage: "two", screen: 10) == .failure(.invalidInput("A page is a number from 1")))
        #expect(FeedModel().firstCard(ofPage: "1", screen: 10) == .failure(.invalidInput("No page is loaded yet")))
    }

    // MARK: - A feed's answers
    @Test func aStaleCachedFirstPageAsksQuietlyForAFreshOneAndAStaleTokenNothing() {
        var grid = FeedModel(source: .recent)
        var tokens = RequestTokens()
        let token = tokens.next()
        _ = grid.beginNextPage(token: token)
        var cached = page(1, of: 5, perPage: 10)
        cached.cached = CacheOrigin(age: 300, stale: true, offline: false)
        #expect(grid.receivePage(.success(cached), page: 1, token: RequestToken(value: 9), tokens: &tokens) == [])
        #expect(grid.count == 0)
        #expect(
            grid.receivePage(.success(cached), page: 1, token: token, tokens: &tokens) == [.refresh(.recent, token: RequestToken(value: 2))]
        )
        #expect(grid.count == 10)
        #expect(grid.refreshToken == RequestToken(value: 2))
    }

    @Test func theFavouritesPagesMarkTheirPhotos() {
        var favorites = FavoritesModel(signedIn: true)
        var tokens = RequestTokens()
        let token = tokens.next()
        _ = favorites.updateFeed { $0.beginNextPage(token: token) }
        #expect(!favorites.isFavorite(photo(2)))
        #expect(favorites.receivePage(.success(page(1, of: 1, perPage: 3)), page: 1, token: token, tokens: &tokens) == [])
        #expect(favorites.isFavorite(photo(2)))
        #expect(!favorites.isFavorite(photo(4)))
        #expect(favorites.feed.photos.map(\.id) == ["1", "2", "3"])
    }

    // MARK: - Back stack
    private func entry(_ number: Int, photos: Int) -> BackEntry {
        var search = FeedModel(source: .tag("t\(number)"), query: "t\(number)")
        if photos > 0 {
            _ = search.beginNextPage(token: RequestToken(value: number))
            let answer = Page(items: (1...photos).map { photo($0) }, page: 1, pages: 1, total: photos)
            _ = search.receivePage(.success(answer), page: 1, token: RequestToken(value: number))
        }
        return BackEntry(tab: .search, search: search, searchText: "t\(number)", detailOpen: false, detailScroll: 0)
    }

    @Test func theBackStackKeepsItsLimitAndCoolsWhatIsPastItsBudget() {
        var stack = BackStack()
        #expect(stack.pop() == nil)
        for number in 1...(BackEntry.limit + 2) { stack.push(entry(number, photos: 0)) }
        #expect(stack.count == BackEntry.limit)
        #expect(stack.first?.searchText == "t3")
        stack.push(entry(100, photos: 200))
        stack.push(entry(101, photos: 200))
        // 400 photos over a budget of 300: the newest keeps its own, the one before is cooled.
        #expect(stack.suffix(2).map(\.search.count) == [0, 200])
        #expect(stack[stack.count - 2].search.source == .tag("t100"))
        #expect(stack.pop()?.searchText == "t101")
        #expect(stack.last?.searchText == "t100")
    }

    // MARK: - Follow keys
    @Test func theLinkKeysSayWhatTheyOpenOrCopy() {
        let tree = photo(7)
        let open = FollowLink.outcome(.open, on: tree)
        #expect(open?.effects == [.openInBrowser(URL(string: "https://www.flickr.com/photos/owner/7")!)])
        #expect(open?.notice == "Opening https://www.flickr.com/photos/owner/7")
        #expect(FollowLink.outcome(.copyImageURL, on: tree)?.effects == [.copyToClipboard("https://example.com/7.jpg")])
        var bare = tree
        bare.pageURL = nil
        #expect(FollowLink.outcome(.copyURL, on: bare)?.notice == "This photo has no web page")
        #expect(FollowLink.outcome(.copyURL, on: bare)?.effects == [])
        #expect(FollowLink.outcome(.save, on: tree) == nil)
    }

    @Test func theOwnersFeedIsFlickrsAndNamedForTheOwner() {
        var tree = photo(7, owner: "Ann")
        tree.ownerID = "123@N01"
        #expect(
            FollowLink.owner(of: tree) == .success(FollowLink.OwnerFeed(source: .user(id: "123@N01"), query: "Ann", title: "Photos by Ann"))
        )
        tree.ownerID = " "
        #expect(FollowLink.owner(of: tree) == .failure(FollowLink.NoticeError("This photo's owner is not known")))
        #expect(FollowLink.owner(of: photo(7, provider: .commons)) == .failure(FollowLink.NoticeError("Owner feeds are Flickr only")))
    }
}
