import PhotoramaKit
import PhotoramaScreen
import PhotoramaText
import Testing

@testable import PhotoramaTUI

// MARK: - Parsing search queries
@Suite("What the search bar understands")
struct SearchQueryTests {
    @Test func plainTextIsATextSearch() throws {
        #expect(try SearchQuery.parse("  red bicycles ").get() == .search(text: "red bicycles"))
        #expect(try SearchQuery.parse("2 cats").get() == .search(text: "2 cats"))
    }

    @Test func latitudeAndLongitudeAreAGeoSearch() throws {
        #expect(try SearchQuery.parse("48.8566, 2.3522").get() == .geo(latitude: 48.8566, longitude: 2.3522, radiusKm: 5))
        #expect(try SearchQuery.parse("-33.9 151.2").get() == .geo(latitude: -33.9, longitude: 151.2, radiusKm: 5))
        #expect(try SearchQuery.parse("48.85,2.35 10km").get() == .geo(latitude: 48.85, longitude: 2.35, radiusKm: 10))
        #expect(try SearchQuery.parse("48.85 , 2.35 5 km").get() == .geo(latitude: 48.85, longitude: 2.35, radiusKm: 5))
        #expect(try SearchQuery.parse("48.85 2.35 2").get() == .geo(latitude: 48.85, longitude: 2.35, radiusKm: 2))
        let miles = try SearchQuery.parse("48.85 2.35 3mi").get()
        guard case .geo(_, _, let radius) = miles else {
            Issue.record("not geo")
            return
        }
        #expect(abs(radius - 4.828032) < 1e-9)
    }

    @Test func outOfRangeNumbersGiveTheValidationMessages() {
        #expect(message("91.5, 10") == "Latitude must be between -90 and 90 (got 91.5)")
        #expect(message("-90.5 0") == "Latitude must be between -90 and 90 (got -90.5)")
        #expect(message("10, 181") == "Longitude must be between -180 and 180 (got 181)")
        #expect(message("10, 20 40km") == "Radius must be more than 0 and at most 32 km (got 40)")
        #expect(message("10, 20 0") == "Radius must be more than 0 and at most 32 km (got 0)")
        #expect(message("10 20 25mi") == "Radius must be more than 0 and at most 32 km (got 40.2336)")
        #expect(message("   ") == "Search text must not be empty")
    }

    func message(_ text: String) -> String? {
        if case .failure(let error) = SearchQuery.parse(text) { return error.message }
        return nil
    }
}

// MARK: - Searching from the browser
@Suite("Searching from the browser")
struct SearchTests {
    @Test func slashFocusesAndEnterSubmits() {
        var (state, _) = startedState()
        _ = press(&state, .character("/"))
        #expect(state.searchBar.focused)
        let effects = type(&state, "cats") + press(&state, .enter)
        #expect(effects == [.loadPage(.search(text: "cats"), page: 1, token: RequestToken(value: 2))])
        #expect(state.tab == .search)
        #expect(!state.searchBar.focused)
        #expect(state.searchBar.history == ["cats"])
    }

    @Test func aNewSearchCancelsTheOneInFlight() {
        var (state, _) = startedState()
        _ = press(&state, .character("/"))
        _ = type(&state, "cats") + press(&state, .enter)
        _ = press(&state, .character("/"), .ctrl("u"))
        let effects = type(&state, "dogs") + press(&state, .enter)
        #expect(
            effects == [
                .cancel(RequestToken(value: 2)), .loadPage(.search(text: "dogs"), page: 1, token: RequestToken(value: 3)),
            ])
        // The late answer to the cancelled search is ignored.
        _ = reduce(&state, .feed(.pageLoaded(token: RequestToken(value: 2), page: 1, .success(page(1)))))
        #expect(state.feeds[.search].count == 0)
        #expect(state.feeds[.search].source == .search(text: "dogs"))
    }

    @Test func invalidInputShowsTheMessageInPlaceAndSendsNothing() {
        var (state, _) = startedState()
        _ = press(&state, .character("/"))
        let effects = type(&state, "91.5, 10") + press(&state, .enter)
        #expect(effects == [])
        #expect(state.searchBar.focused)
        #expect(state.searchBar.error == "Latitude must be between -90 and 90 (got 91.5)")
        #expect(render(state).lines[1] == "Search: 91.5, 10   Latitude must be between -90 and 90 (got 91.5)".padding(80))
        _ = type(&state, "x")
        #expect(state.searchBar.error == nil)
    }

    @Test func escapeLeavesAndUpDownRecallHistory() {
        var (state, _) = startedState()
        for query in ["cats", "dogs"] {
            _ = press(&state, .character("/"), .ctrl("u"))
            _ = type(&state, query) + press(&state, .enter)
        }
        _ = press(&state, .character("/"), .ctrl("u"))
        _ = type(&state, "bi")
        _ = press(&state, .up)
        #expect(state.searchBar.text == "dogs")
        _ = press(&state, .up, .up)
        #expect(state.searchBar.text == "cats")
        _ = press(&state, .down)
        #expect(state.searchBar.text == "dogs")
        _ = press(&state, .down)
        #expect(state.searchBar.text == "bi")
        _ = press(&state, .escape)
        #expect(!state.searchBar.focused)
    }

    @Test func noResultsSaysSo() {
        var (state, _) = startedState()
        _ = press(&state, .character("/"))
        let effects = type(&state, "zzqx") + press(&state, .enter)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(Page(items: [], page: 1, pages: 0, total: 0)))))
        #expect(render(state).lines.contains { $0.contains("No photos found for “zzqx”") })
    }

    @Test func geoSearchLoadsNearby() {
        var (state, _) = startedState()
        _ = press(&state, .character("/"))
        let effects = type(&state, "48.8566, 2.3522 10km") + press(&state, .enter)
        #expect(effects == [.loadPage(.geo(latitude: 48.8566, longitude: 2.3522, radiusKm: 10), page: 1, token: RequestToken(value: 2))])
    }
}

// MARK: - Locations, comments and overlays
@Suite("Locations, comments and overlays")
struct LocationsAndOverlayTests {
    let paris = LibraryLocation(streetAddress: "1 Rue X", city: "Paris", country: "France", emoji: "🇫🇷", hours: "9–17")
    let lyon = LibraryLocation(streetAddress: "2 Quai Y", city: "Lyon", country: "France", emoji: "🇫🇷", hours: "10–18")

    @Test func typingACountryLoadsLocationsAndEnterShowsPhotosNearby() {
        var (state, _) = startedState()
        var effects = press(&state, .character("4"))
        #expect(effects == [.loadLocations(country: "", token: RequestToken(value: 2))])
        effects = type(&state, "fr")
        #expect(
            effects == [
                .cancel(RequestToken(value: 2)), .loadLocations(country: "f", token: RequestToken(value: 3)),
                .cancel(RequestToken(value: 3)), .loadLocations(country: "fr", token: RequestToken(value: 4)),
            ])
        _ = reduce(&state, .locations(.locationsLoaded(token: RequestToken(value: 4), .success([paris, lyon]))))
        _ = press(&state, .down)
        #expect(state.locations.selection == 1)
        effects = press(&state, .enter)
        #expect(effects == [.loadPage(.place(name: "Lyon"), page: 1, token: RequestToken(value: 5))])
        #expect(state.currentFeed?.source == .place(name: "Lyon"))
        _ = press(&state, .escape)
        #expect(!state.locations.showingPhotos)
    }

    /// The country field takes every character, q and digits included: its hint says how to leave it,
    /// and once Escape has, q quits and the hint says so.
    @Test func theCountryFieldsHintSaysHowToLeaveItAndThenQuits() {
        var (state, _) = startedState(columns: 120, rows: 24)
        _ = press(&state, .character("4"))
        #expect(render(state).lines[23].hasSuffix("type a country  Enter photos  Esc keys"))
        #expect(press(&state, .character("q")).contains(.quit) == false)
        _ = press(&state, .character("1"))
        #expect(state.locations.query == "q1")
        #expect(state.tab == .locations)
        _ = press(&state, .escape)
        #expect(render(state).lines[23].hasSuffix("/ country  Enter photos  ? help  q quit"))
        #expect(press(&state, .character("q")) == [.quit])
    }

    @Test func commentsOpenLoadAndClose() {
        var (state, effects) = startedState()
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1)))))
        effects = press(&state, .character("c"))
        let key = PhotoKey(provider: .flickr, id: "1")
        // Page 1 holds more than three screens, so no page 2 was asked for: the comments get token 2.
        #expect(effects == [.loadComments(key, page: 1, token: RequestToken(value: 2))])
        let comments = Page(items: [PhotoComment(id: "c1", author: "Ann\u{1B}[2J", text: "Lovely\r\nlight")], page: 1, pages: 1, total: 1)
        _ = reduce(&state, .detail(.commentsLoaded(token: RequestToken(value: 2), page: 1, .success(comments))))
        let lines = render(state).lines
        #expect(lines[2].hasPrefix(" Comments on “Photo 1” · 1 of 1 · Esc closes"))
        #expect(lines[3].hasPrefix(" Ann "))
        #expect(lines[4].hasPrefix(" Lovely light "))
        #expect(press(&state, .down) == [])
        _ = press(&state, .escape)
        #expect(state.overlay == nil)
    }

    @Test func helpListsEveryBinding() {
        // 60 rows: the grouped help is longer than a 40-row screen (HelpLayoutTests reads it page by page).
        var (state, _) = startedState(columns: 120, rows: 60)
        _ = press(&state, .character("?"))
        let text = render(state).lines.joined(separator: "\n")
        for binding in KeyBindings.all { #expect(text.contains(binding.keys)) }
    }
}

// MARK: - Helpers
extension String {
    func padding(_ width: Int) -> String {
        let used = DisplayWidth.of(self)
        return used >= width ? self : self + String(repeating: " ", count: width - used)
    }
}
