import PhotoramaKit
import PhotoramaMap
import PhotoramaText
import Testing

@testable import PhotoramaTUI

/// The search bar addresses Commons and Openverse; the map's Enter searches Commons over a Commons feed;
/// the viewer's caption and the detail pane always credit the creator and the licence.
@Suite struct CommonsOpenverseBrowserTests {
    @Test func theSearchBarAddressesCommonsAndOpenverse() throws {
        #expect(try SearchQuery.parse("commons: lighthouse").get() == .commonsSearch(text: "lighthouse"))
        #expect(try SearchQuery.parse("Wikimedia:  old map ").get() == .commonsSearch(text: "old map"))
        #expect(
            try SearchQuery.parse("commons: 48.8584, 2.2945 2km").get() == .commonsGeo(latitude: 48.8584, longitude: 2.2945, radiusKm: 2))
        #expect(try SearchQuery.parse("openverse: bridge").get() == .openverseSearch(text: "bridge", licenses: []))
        #expect(
            try SearchQuery.parse("openverse: license:by,CC0 old maps").get()
                == .openverseSearch(text: "old maps", licenses: ["by", "cc0"]))
        func message(_ text: String) -> String? {
            if case .failure(let error) = SearchQuery.parse(text) { return error.message }
            return nil
        }
        #expect(message("commons: 48.8, 2.3 20km") == "Radius must be more than 0 and at most 10 km for Commons (got 20)")
        #expect(message("openverse: 48.8, 2.3") == "Openverse has no search by place: give words")
        #expect(message("commons:") == "Give words to search after commons:, like “commons: lighthouse”")
        #expect(message("openverse: license:gpl cats")?.hasPrefix("Openverse licences are by, by-sa") == true)
    }

    func commonsPhoto(_ number: Int) -> Photo {
        Photo(
            provider: .commons, id: "File:Photo \(number).jpg", title: "Photo \(number)", owner: "Ann Author",
            location: GeoPoint(latitude: 48.8584, longitude: 2.2945),
            licenseTag: LicenseTag(name: "CC BY-SA 4.0", address: "https://creativecommons.org/licenses/by-sa/4.0"))
    }

    func commonsFeed() -> AppState {
        var (state, _) = startedState(columns: 140, rows: 30)
        _ = press(&state, .character("/"))
        let effects = type(&state, "commons: tower") + press(&state, .enter)
        #expect(effects == [.loadPage(.commonsSearch(text: "tower"), page: 1, token: RequestToken(value: 2))])
        let photos = (1...3).map(commonsPhoto)
        _ = reduce(
            &state, .feed(.pageLoaded(token: RequestToken(value: 2), page: 1, .success(Page(items: photos, page: 1, pages: 1, total: 3)))))
        return state
    }

    @Test func theMapsEnterSearchesCommonsWithinItsRadiusOverACommonsFeed() {
        var state = commonsFeed()
        _ = press(&state, .character("m"))
        #expect(state.map?.crosshair == MapCoordinate(latitude: 48.8584, longitude: 2.2945))
        // The whole world asks 32 km of Flickr; Commons takes 10 at most.
        let effects = press(&state, .enter)
        #expect(state.searchBar.text == "commons: 48.8584, 2.2945 10km")
        #expect(
            effects == [.loadPage(.commonsGeo(latitude: 48.8584, longitude: 2.2945, radiusKm: 10), page: 1, token: RequestToken(value: 3))])
    }

    @Test func theHeaderNamesTheSourceAndTheDetailAndCaptionCreditCreatorAndLicence() {
        let state = commonsFeed()
        let screen = render(state).lines
        #expect(screen[0].contains("Wikimedia Commons"))
        let detail = DetailContent.lines(for: commonsPhoto(1), width: 60).map(\.text)
        #expect(detail.contains("By: Ann Author"))
        #expect(detail.contains("Licence: CC BY-SA 4.0"))
        let feed = state.feed(for: state.tab)
        #expect(ViewerCaption.caption(commonsPhoto(1), feed) == "Photo 1 · Ann Author · CC BY-SA 4.0 · 1 of 3")
    }
}
