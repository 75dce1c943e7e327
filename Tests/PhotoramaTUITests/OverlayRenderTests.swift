import Foundation
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText
import Testing

@testable import PhotoramaTUI

@Suite("Locations list, network log and the other tabs drawn")
struct OverlayRenderTests {
    @Test func locationsListShowsEmojiAddressCityCountryAndHours() {
        var (state, _) = startedState()
        _ = press(&state, .character("4"))
        let hostile = LibraryLocation(
            streetAddress: "1 Rue\u{1B}[2J X", city: "Paris", country: "France", emoji: "🇫🇷", hours: "Mon–Fri 9–17")
        _ = reduce(&state, .locations(.locationsLoaded(token: RequestToken(value: 2), .success([hostile]))))
        let lines = render(state).lines
        #expect(lines[1] == "Country: ".padding(9) + " ".padding(71))
        #expect(lines[2] == "1 library location · Enter shows photos taken nearby".padding(80))
        #expect(lines[3] == " 🇫🇷 1 Rue X, Paris, France · Mon–Fri 9–17".padding(80))
        checkInvariants(render(state))
    }

    @Test func networkLogShowsMethodStatusDurationBytesAndURLNewestFirst() {
        var (state, _) = startedState()
        let entries = [
            RequestLogEntry(
                date: Date(timeIntervalSince1970: 0), method: .get, url: "https://api.flickr.com/?api_key=***&page=1",
                status: 200, headers: [:], bytes: 4_500, duration: .milliseconds(123), error: nil),
            RequestLogEntry(
                date: Date(timeIntervalSince1970: 1), method: .get, url: "https://api.500px.com/v1/photos",
                status: nil, headers: [:], bytes: 0, duration: .milliseconds(5_000), error: "Timed out"),
        ]
        _ = reduce(&state, .runtime(.networkLogAppended(entries, through: entries.count)))
        _ = press(&state, .character("L"))
        let lines = render(state).lines
        #expect(lines[2].hasPrefix(" Network log · 2 requests · newest first · Esc closes"))
        #expect(lines[3] == " GET  ---  5000 ms       0 B  https://api.500px.com/v1/photos  Timed out".padding(80))
        #expect(lines[4] == " GET  200   123 ms    4.5 KB  https://api.flickr.com/?api_key=***&page=1".padding(80))
        _ = press(&state, .escape)
        #expect(state.overlay == nil)
    }

    @Test func savedAndEmptySearchTabs() {
        var (state, _) = startedState()
        _ = press(&state, .character("5"))
        #expect(render(state).lines[12] == "No saved photos yet".centered(80))
        _ = press(&state, .character("3"), .escape)
        #expect(render(state).lines[12] == "Press / to search: words, or “lat, long [radius]”".centered(80))
    }

    @Test func popularIsFromFiveHundredPx() {
        var (state, _) = startedState()
        let effects = press(&state, .character("2"))
        #expect(effects == [.loadPage(.popular, page: 1, token: RequestToken(value: 2))])
        #expect(render(state).lines[0].hasSuffix("Popular · 500px"))
    }
}

extension String {
    func centered(_ width: Int) -> String {
        let used = DisplayWidth.of(self)
        let left = (width - used) / 2
        return String(repeating: " ", count: left) + self + String(repeating: " ", count: width - used - left)
    }
}
