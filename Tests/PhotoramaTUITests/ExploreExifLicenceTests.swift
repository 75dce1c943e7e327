import Foundation
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The Explore tab, `e` for EXIF in the detail, the licence's name there, and `license:` in the search bar.
@Suite struct ExploreExifLicenceTests {
    /// Wide enough for the detail pane beside the grid; Recent's first page in.
    func wideState() -> AppState {
        var (state, effects) = startedState(columns: 140, rows: 40)
        answerLoads(&state, effects, limit: 1)
        return state
    }

    @Test func tabSixOpensExploreAndLoadsItsFirstPage() {
        var state = wideState()
        let effects = press(&state, .character("6"))
        #expect(state.tab == .explore)
        #expect(effects.contains { if case .loadPage(.explore(date: nil), page: 1, _) = $0 { true } else { false } })
        #expect(render(state).lines[0].contains("Explore"))
        _ = press(&state, .tab)
        #expect(state.tab == .recent, "Tab goes round from the last tab to the first")
    }

    @Test func eLoadsTheSelectedPhotosExifAndTheDetailShowsIt() {
        var state = wideState()
        let effects = press(&state, .character("e"))
        guard case .loadExif(let key, let token)? = effects.first(where: { if case .loadExif = $0 { true } else { false } }) else {
            Issue.record("no .loadExif in \(effects)")
            return
        }
        #expect(key == PhotoKey(provider: .flickr, id: "1"))
        #expect(render(state).lines.contains { $0.contains("EXIF: loading…") })
        let exif = PhotoExif(camera: "Canon EOS 5D Mark IV", aperture: "f/9.0", iso: "200")
        _ = reduce(&state, .detail(.exifLoaded(token: token, .success(.shown(exif)))))
        let lines = render(state).lines
        #expect(lines.contains { $0.contains("Camera: Canon EOS 5D Mark IV") })
        #expect(lines.contains { $0.contains("Aperture: f/9.0") })
        #expect(lines.contains { $0.contains("ISO: 200") })
        // `e` again hides it; another photo does not show this one's.
        _ = press(&state, .character("e"))
        #expect(!render(state).lines.contains { $0.contains("Camera:") })
    }

    @Test func theOwnersRefusalIsShownAsSuch() {
        var state = wideState()
        let effects = press(&state, .character("e"))
        guard case .loadExif(_, let token)? = effects.first(where: { if case .loadExif = $0 { true } else { false } }) else {
            Issue.record("no .loadExif")
            return
        }
        _ = reduce(&state, .detail(.exifLoaded(token: token, .success(.hiddenByOwner))))
        #expect(render(state).lines.contains { $0.contains("EXIF: hidden by its owner") })
    }

    @Test func exifValuesWithEscapeSequencesAreSanitizedOnScreen() {
        var state = wideState()
        let effects = press(&state, .character("e"))
        guard case .loadExif(_, let token)? = effects.first(where: { if case .loadExif = $0 { true } else { false } }) else {
            Issue.record("no .loadExif")
            return
        }
        let hostile = PhotoExif(camera: "Cam\u{1B}]0;owned\u{07}era\u{1B}[2J", lens: "\u{202E}Lens")
        _ = reduce(&state, .detail(.exifLoaded(token: token, .success(.shown(hostile)))))
        let text = render(state).lines.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("Camera: Cam"))
    }

    @Test func aStaleExifAnswerIsIgnored() {
        var state = wideState()
        _ = press(&state, .character("e"))
        _ = reduce(&state, .detail(.exifLoaded(token: RequestToken(value: 9999), .success(.hiddenByOwner))))
        #expect(render(state).lines.contains { $0.contains("EXIF: loading…") })
    }

    @Test func theLicenceListIsAskedForOnceAndNamesTheLicence() throws {
        var (state, effects) = startedState(columns: 140, rows: 40)
        let token = try #require(loadToken(effects))
        var first = page(1)
        first.items[0].licenseID = 4
        let answered = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(first))))
        let asks = answered.compactMap { if case .loadLicenses(let token) = $0 { token } else { nil } }
        try #require(asks.count == 1)
        #expect(render(state).lines.contains { $0.contains("Licence: Licence 4") })
        let license = PhotoLicense(id: 4, name: "Attribution License", url: URL(string: "https://creativecommons.org/licenses/by/2.0/"))
        _ = reduce(&state, .detail(.licensesLoaded(token: asks[0], .success([license]))))
        #expect(render(state).lines.contains { $0.contains("Licence: Attribution License") })
        let later = press(&state, .character("l"), .character("h"))
        #expect(!later.contains { if case .loadLicenses = $0 { true } else { false } })
    }

    @Test func theSearchBarTakesLicences() {
        #expect(SearchQuery.parse("license:1,2 cats") == .success(.licensedSearch(text: "cats", licenses: [1, 2])))
        #expect(SearchQuery.parse("licence:9 old maps") == .success(.licensedSearch(text: "old maps", licenses: [9])))
        #expect(
            SearchQuery.parse("license:1,2")
                == .failure(.invalidInput("Give words to search after license:1,2, like “license:1,2 cats”")))
        #expect(
            SearchQuery.parse("license:12 cats")
                == .failure(.invalidInput("Licence ids are numbers from 0 to 10 separated by commas, like 1,2,4 (got \"12\")")))
        #expect(SearchQuery.parse("licensed cats") == .success(.search(text: "licensed cats")))
    }
}
