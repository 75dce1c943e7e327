import Foundation
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("A first page from the cache")
struct CachedFeedTests {
    func cachedPage(age: Int, stale: Bool, offline: Bool = false) -> Page<Photo> {
        var answer = page(1, of: 50, perPage: 100)
        answer.cached = CacheOrigin(age: age, stale: stale, offline: offline)
        return answer
    }

    @Test func aStaleCachedFirstPageIsShownMarkedAndRefreshedWithoutMovingTheSelection() {
        var (state, effects) = startedState(columns: 100, rows: 30)
        let token = loadToken(effects)!
        let refresh = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(cachedPage(age: 300, stale: true)))))
        #expect(refresh.contains(.refresh(.recent, token: RequestToken(value: 2))))
        #expect(render(state).lines.last?.hasPrefix("Recent · page 1 of 50 · 100 of 5,000 photos · cached 5 min ago") == true)
        _ = press(&state, .right, .right, .down)
        let selected = state.feeds[.recent].selectedPhoto?.id
        #expect(selected == "7" || selected == "8" || selected == "9" || selected == "10")
        let fresh = Page(items: [photo(1001), photo(1002)] + (1...98).map { photo($0) }, page: 1, pages: 50, total: 5002)
        _ = reduce(&state, .feed(.refreshLoaded(token: RequestToken(value: 2), .success(fresh))))
        #expect(state.feeds[.recent].photos.prefix(3).map(\.id) == ["1001", "1002", "1"])
        #expect(state.feeds[.recent].selectedPhoto?.id == selected)
        #expect(state.feeds[.recent].cached == nil)
        #expect(render(state).lines.last?.contains("cached") == false)
    }

    @Test func aFreshCachedPageIsMarkedButNotAskedForAgain() {
        var (state, effects) = startedState(columns: 100, rows: 30)
        let more = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(cachedPage(age: 30, stale: false)))))
        #expect(!more.contains { if case .refresh = $0 { true } else { false } })
        #expect(render(state).lines.last?.hasPrefix("Recent · page 1 of 50 · 100 of 5,000 photos · cached just now") == true)
    }

    @Test func offlineAnswersSaySo() {
        var (state, effects) = startedState(columns: 100, rows: 30)
        let more = reduce(
            &state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(cachedPage(age: 7200, stale: true, offline: true)))))
        #expect(!more.contains { if case .refresh = $0 { true } else { false } })
        #expect(render(state).lines.last?.hasPrefix("Recent · page 1 of 50 · 100 of 5,000 photos · offline: cached 2 h ago") == true)
    }
}

@Suite("The network log and the cache")
struct CachedNetworkLogTests {
    @Test func theLogShowsTheHoursFlickrCallsAndWhichAnswersCameFromTheCache() {
        var (state, _) = startedState()
        let entries = [
            RequestLogEntry(
                date: Date(timeIntervalSince1970: 0), method: .get, url: "https://api.flickr.com/?api_key=***&page=1",
                status: 200, headers: ["x-photorama-flickr-calls": "41/3600"], bytes: 4_500, duration: .milliseconds(123), error: nil),
            RequestLogEntry(
                date: Date(timeIntervalSince1970: 1), method: .get, url: "https://api.flickr.com/?page=2",
                status: 200, headers: ["x-photorama-cache": "hit age=5s"], bytes: 4_500, duration: .milliseconds(1), error: nil),
        ]
        _ = reduce(&state, .runtime(.networkLogAppended(entries, through: entries.count)))
        _ = press(&state, .character("L"))
        let lines = render(state).lines
        #expect(lines[2].hasPrefix(" Network log · 2 requests · Flickr calls this hour 41/3600 · newest first"))
        #expect(lines[3] == " GET  200     1 ms    4.5 KB  [cached] https://api.flickr.com/?page=2".padding(80))
        #expect(lines[4] == " GET  200   123 ms    4.5 KB  https://api.flickr.com/?api_key=***&page=1".padding(80))
    }
}
