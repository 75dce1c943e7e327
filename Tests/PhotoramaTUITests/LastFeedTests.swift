import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The feed on screen at quit, kept for the next launch: the tab, and the Search tab's feed with its text.
@Suite struct LastFeedTests {
    @Test func theSearchTabKeepsItsFeedAndText() {
        var (state, _) = startedState(columns: 120, rows: 40)
        _ = reduce(&state, .key(.character("/")))
        for character in "harbor" { _ = reduce(&state, .key(.character(character))) }
        _ = reduce(&state, .key(.enter))
        let last = LastFeed(state)
        #expect(last == LastFeed(tab: .search, source: .search(text: "harbor"), query: "harbor"))

        var configuration = AppConfiguration(demoProviders: [.flickr], randomSeed: 1)
        last.apply(to: &configuration)
        #expect(configuration.initialFeed?.source == .search(text: "harbor"))
        #expect(configuration.initialFeed?.query == "harbor")
        var reopened = AppState(configuration: configuration, size: CellSize(columns: 120, rows: 40))
        _ = start(&reopened)
        #expect(reopened.tab == .search)
        #expect(reopened.feeds[.search].source == .search(text: "harbor"))
        #expect(reopened.searchBar.text == "harbor")
    }

    @Test func otherTabsKeepOnlyTheTab() {
        var (state, _) = startedState(columns: 120, rows: 40)
        _ = reduce(&state, .key(.character("2")))
        #expect(LastFeed(state) == LastFeed(tab: .popular))
        var configuration = AppConfiguration(demoProviders: [.flickr], randomSeed: 1)
        LastFeed(state).apply(to: &configuration)
        #expect(configuration.initialTab == .popular)
        #expect(configuration.initialFeed == nil)
    }

    @Test func itRoundTripsAndIgnoresWhatItDidNotWrite() throws {
        let feeds = [
            LastFeed(tab: .search, source: .geo(latitude: 48.8566, longitude: 2.3522, radiusKm: 10), query: "48.8566, 2.3522 10km"),
            LastFeed(tab: .search, source: .user(id: "12@N01"), query: "12@N01"),
            LastFeed(tab: .saved),
        ]
        for feed in feeds {
            let encoded = try #require(feed.encoded)
            #expect(LastFeed(encoded: encoded) == feed)
        }
        #expect(LastFeed(encoded: "") == nil)
        #expect(LastFeed(encoded: #"{"tab":99}"#) == nil)
        #expect(LastFeed(encoded: "<html>") == nil)
    }
}
