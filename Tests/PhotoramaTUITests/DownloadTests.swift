import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// `d` starts a download as an effect, progress and the outcome arrive as actions, `D` lists them all.
@Suite struct DownloadTests {
    func loaded(_ count: Int = 10, columns: Int = 120) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: 24)
        let token = loadToken(effects)!
        _ = reduce(
            &state,
            .feed(.pageLoaded(token: token, page: 1, .success(Page(items: (1...count).map { photo($0) }, page: 1, pages: 1, total: count))))
        )
        return state
    }

    func downloadToken(_ effects: [Effect]) -> RequestToken? {
        for effect in effects { if case .download(_, let token) = effect { return token } }
        return nil
    }

    @Test func dDownloadsTheSelectedPhotoOnce() throws {
        var state = loaded()
        _ = press(&state, .right)
        let effects = press(&state, .character("d"))
        let token = try #require(downloadToken(effects))
        #expect(effects == [.download(photo(2), token: token)])
        #expect(state.downloads.entries.map(\.photo) == [photo(2).key])
        // Pressing d again while it runs starts nothing.
        #expect(press(&state, .character("d")).isEmpty)
        #expect(state.downloads.entries.count == 1)
    }

    @Test func progressShowsInTheStatusLine() {
        var state = loaded()
        let token = downloadToken(press(&state, .character("d")))!
        #expect(render(state).lines[23].contains("↓ starting…"))
        _ = reduce(
            &state,
            .downloads(.downloadProgress(token: token, DownloadProgress(bytes: 3_100_000, total: 7_400_000, bytesPerSecond: 12_500_000))))
        #expect(state.downloads.statusText == "↓ 41% 3.1/7.4 MB 12.5 MB/s")
        #expect(render(state).lines[23].hasSuffix("↓ 41% 3.1/7.4 MB 12.5 MB/s  / search  Enter detail  c comments  ? help  q quit"))
        _ = reduce(&state, .downloads(.downloadFinished(token: token, .success("/pics/Photo 1 - 1.jpg"))))
        #expect(state.downloads.statusText == "↓ done · D downloads")
        // A progress report that arrives after the end changes nothing.
        _ = reduce(&state, .downloads(.downloadProgress(token: token, DownloadProgress(bytes: 1, total: 2, bytesPerSecond: 1))))
        #expect(state.downloads.entries[0].status == .finished(path: "/pics/Photo 1 - 1.jpg"))
    }

    /// A finished download saved the photo in the store: the ★ and the Saved tab follow at once (the soak
    /// found the tab 18 photos behind the store after 30 minutes), and only once per photo.
    @Test func aFinishedDownloadShowsAsSaved() {
        var state = loaded()
        let token = downloadToken(press(&state, .character("d")))!
        let key = state.downloads.entries[0].photo
        #expect(!state.saved.keys.contains(key))
        _ = reduce(&state, .downloads(.downloadFinished(token: token, .success("/pics/Photo 1 - 1.jpg"))))
        #expect(state.saved.keys.contains(key))
        #expect(state.saved.total == 1)
        #expect(state.saved.feed.photos.map(\.key) == [key])
        #expect(state.saved.files[key] == "/pics/Photo 1 - 1.jpg")
        // The same photo downloaded again is still one saved photo.
        let again = downloadToken(press(&state, .character("d")))!
        _ = reduce(&state, .downloads(.downloadFinished(token: again, .success("/pics/Photo 1 (2) - 1.jpg"))))
        #expect(state.saved.total == 1)
        #expect(state.saved.feed.photos.count == 1)
        // A failed download saves nothing.
        _ = press(&state, .right)
        let failed = downloadToken(press(&state, .character("d")))!
        _ = reduce(&state, .downloads(.downloadFinished(token: failed, .failure(.diskFull(file: "Photo 2 - 2.part")))))
        #expect(state.saved.total == 1)
    }

    @Test func theDownloadsOverlayListsActiveFinishedAndFailed() {
        var state = loaded(columns: 80)
        let first = downloadToken(press(&state, .character("d")))!
        _ = press(&state, .right)
        let second = downloadToken(press(&state, .character("d")))!
        _ = press(&state, .right)
        let third = downloadToken(press(&state, .character("d")))!
        _ = reduce(&state, .downloads(.downloadFinished(token: first, .success("/pics/Photo 1 - 1.jpg"))))
        _ = reduce(&state, .downloads(.downloadFinished(token: second, .failure(.diskFull(file: "Photo 2 - 2.part")))))
        _ = reduce(
            &state,
            .downloads(.downloadProgress(token: third, DownloadProgress(bytes: 500_000, total: 1_000_000, bytesPerSecond: 2_000_000))))
        _ = press(&state, .character("D"))
        let lines = render(state).lines
        #expect(lines[2] == " Downloads · 1 active · 1 finished · 1 failed · Esc closes".padding(toLength: 80, withPad: " ", startingAt: 0))
        #expect(lines[3] == " ↓ Photo 3  50% 0.5/1.0 MB 2.0 MB/s".padding(toLength: 80, withPad: " ", startingAt: 0))
        // Cut to the width with an ellipsis.
        #expect(lines[4] == " ✗ Photo 2  Disk full while writing Photo 2 - 2.part; the partial file was remo…")
        #expect(lines[5] == " ✓ Photo 1  /pics/Photo 1 - 1.jpg".padding(toLength: 80, withPad: " ", startingAt: 0))
        _ = press(&state, .escape)
        #expect(state.overlay == nil)
    }

    /// A browser left open for days keeps every running download and the newest 500 that ended, and
    /// still counts them all. A long download that ends after hundreds of younger ones stays listed
    /// and still shows as saved.
    @Test func theListKeepsRunningDownloadsAndTheNewest500Ended() throws {
        var state = loaded(503)
        let long = try #require(downloadToken(press(&state, .character("d"))))
        for number in 2...502 {
            _ = state.updateFeed(.recent) { $0.moveSelection { _ in number - 1 } }
            let token = try #require(downloadToken(press(&state, .character("d"))))
            _ = reduce(&state, .downloads(.downloadFinished(token: token, .success("/pics/\(number).jpg"))))
        }
        #expect(state.downloads.entries.count == 501)
        #expect(state.downloads.entries.map(\.photo).prefix(3) == [photo(1).key, photo(3).key, photo(4).key])
        #expect(state.downloads.finishedCount == 501)

        _ = state.updateFeed(.recent) { $0.moveSelection { _ in 502 } }
        let failing = try #require(downloadToken(press(&state, .character("d"))))
        _ = reduce(&state, .downloads(.downloadFinished(token: failing, .failure(.diskFull(file: "503.part")))))
        #expect(state.downloads.entries.map(\.photo).prefix(2) == [photo(1).key, photo(4).key])
        #expect(state.downloads.failedCount == 1)

        _ = reduce(&state, .downloads(.downloadFinished(token: long, .success("/pics/1.jpg"))))
        #expect(state.downloads.entries.count == 500)
        #expect(state.downloads.entries.map(\.photo).prefix(2) == [photo(1).key, photo(5).key])
        #expect(state.downloads.entries.last?.photo == photo(503).key)
        #expect(state.saved.keys.contains(photo(1).key))
        _ = press(&state, .character("D"))
        #expect(render(state).lines[2].hasPrefix(" Downloads · 0 active · 502 finished · 1 failed · Esc closes"))
    }
}
