import Foundation
import PhotoramaLocking
import Testing

@testable import PhotoramaKit

/// A scripted loader: answers page N with `pages[N]`, counts calls, and can be held until released.
final class ScriptedPages: Sendable {
    let answers: Locked<[Int: Result<Page<Photo>, PhotoramaError>]>
    let calls = Locked<[Int]>([])
    let gate = Locked<[CheckedContinuation<Void, Never>]>([])
    let holding: Locked<Bool>

    init(_ answers: [Int: Result<Page<Photo>, PhotoramaError>], holding: Bool = false) {
        self.answers = Locked(answers)
        self.holding = Locked(holding)
    }

    func set(_ page: Int, _ answer: Result<Page<Photo>, PhotoramaError>) { answers.withLock { $0[page] = answer } }

    var loader: PhotoFeed.Loader {
        { (page: Int) async throws(PhotoramaError) -> Page<Photo> in
            self.calls.withLock { $0.append(page) }
            if self.holding.withLock({ $0 }) {
                await withCheckedContinuation { continuation in self.gate.withLock { $0.append(continuation) } }
            }
            guard let answer = self.answers.withLock({ $0[page] }) else { throw PhotoramaError.httpStatus(404) }
            return try answer.get()
        }
    }

    func release() {
        holding.withLock { $0 = false }
        let waiting = gate.withLock { gate in
            defer { gate.removeAll() }
            return gate
        }
        for continuation in waiting { continuation.resume() }
    }

    var waitingCount: Int { gate.withLock { $0.count } }
}

func feedPhotos(_ ids: [Int]) -> [Photo] { ids.map { Photo(provider: .flickr, id: String($0), title: "Photo \($0)") } }

func feedPage(_ ids: [Int], _ number: Int, of pages: Int, total: Int = 1000) -> Result<Page<Photo>, PhotoramaError> {
    .success(Page(items: feedPhotos(ids), page: number, pages: pages, total: total))
}

/// Polls `condition` until it holds or two seconds pass.
/// Waits for `condition`; the 60 s bounds a hang, as every condition wait in the tests does (2 s was
/// passed by a full clean-clone run on a busy machine before the feed's task had run at all).
func pollUntil(_ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

@Suite struct PhotoFeedTests {
    // MARK: - Loading pages
    @Test func loadsPagesInOrderAndRemovesDuplicates() async throws {
        // Page 2 repeats the end of page 1 (new photos arrived between the two requests).
        let script = ScriptedPages([1: feedPage([1, 2, 3], 1, of: 3), 2: feedPage([3, 4, 5], 2, of: 3), 3: feedPage([6], 3, of: 3)])
        let feed = PhotoFeed(loader: script.loader)
        #expect(try await feed.loadNextPage() == 3)
        #expect(try await feed.loadNextPage() == 2)
        #expect(await feed.photos.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(await !feed.reachedEnd)
        #expect(try await feed.loadNextPage() == 1)
        #expect(await feed.reachedEnd)
        #expect(try await feed.loadNextPage() == 0)  // at the end nothing more is asked
        #expect(script.calls.withLock { $0 } == [1, 2, 3])
    }

    @Test func neverTwoLoadsOfOnePageInFlight() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 2)], holding: true)
        let feed = PhotoFeed(loader: script.loader)
        async let first = feed.loadNextPage()
        async let second = feed.loadNextPage()
        #expect(await pollUntil { script.waitingCount == 1 })
        #expect(await pollUntil { await feed.joinedLoads == 1 })
        #expect(await feed.isLoading)
        script.release()
        #expect(try await first == 2)
        #expect(try await second == 2)  // the second caller waited for the same load
        #expect(script.calls.withLock { $0 } == [1])
    }

    @Test func aRefreshDuringTheFirstLoadDoesNotAskForPageOneTwice() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 2)], holding: true)
        let feed = PhotoFeed(loader: script.loader)
        async let first = feed.loadNextPage()
        #expect(await pollUntil { script.waitingCount == 1 })
        async let refreshed = feed.refresh()
        #expect(await pollUntil { await feed.joinedLoads == 1 })
        script.release()
        #expect(try await first == 2)
        #expect(try await refreshed == 2)
        #expect(script.calls.withLock { $0 } == [1])

        let other = ScriptedPages([1: feedPage([1, 2], 1, of: 2)], holding: true)
        let fresh = PhotoFeed(loader: other.loader)
        async let refreshing = fresh.refresh()
        #expect(await pollUntil { other.waitingCount == 1 })
        async let next = fresh.loadNextPage()
        #expect(await pollUntil { await fresh.joinedLoads == 1 })
        other.release()
        #expect(try await refreshing == 2)
        #expect(try await next == 2)
        #expect(other.calls.withLock { $0 } == [1])
        #expect(await fresh.photos.map(\.id) == ["1", "2"])
    }

    // MARK: - The end of a feed
    @Test(arguments: [
        ("empty page", feedPage([], 1, of: 5)),
        ("page ≥ pages", feedPage([1, 2], 1, of: 1)),
        ("other page number", feedPage([1, 2], 7, of: 9)),
    ])
    func endRules(name: String, answer: Result<Page<Photo>, PhotoramaError>) async throws {
        let feed = PhotoFeed(loader: ScriptedPages([1: answer]).loader)
        try await feed.loadNextPage()
        #expect(await feed.reachedEnd, "\(name)")
    }

    @Test func aPageWithNoNewPhotoIsTheEndButAShortPageIsNot() async throws {
        let script = ScriptedPages([1: feedPage([1, 2, 3], 1, of: 9), 2: feedPage([4], 2, of: 9), 3: feedPage([3, 4], 3, of: 9)])
        let feed = PhotoFeed(loader: script.loader)
        try await feed.loadNextPage()
        try await feed.loadNextPage()  // 1 photo where 3 were asked: not the end
        #expect(await !feed.reachedEnd)
        #expect(try await feed.loadNextPage() == 0)
        #expect(await feed.reachedEnd)
    }

    // MARK: - Failures and refresh
    @Test func aFailureKeepsWhatWasLoadedAndTheSamePageIsAskedAgain() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 3), 2: .failure(.timeout(.seconds(15)))])
        let feed = PhotoFeed(loader: script.loader)
        try await feed.loadNextPage()
        await #expect(throws: PhotoramaError.timeout(.seconds(15))) { try await feed.loadNextPage() }
        #expect(await feed.photos.map(\.id) == ["1", "2"])
        #expect(await feed.lastError == .timeout(.seconds(15)))
        #expect(await !feed.reachedEnd)
        script.set(2, feedPage([3], 2, of: 3))
        #expect(try await feed.loadNextPage() == 1)
        #expect(await feed.lastError == nil)
        #expect(script.calls.withLock { $0 } == [1, 2, 2])
    }

    @Test func refreshPutsNewPhotosOnTop() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 5), 2: feedPage([3, 4], 2, of: 5)])
        let feed = PhotoFeed(loader: script.loader)
        try await feed.loadNextPage()
        try await feed.loadNextPage()
        script.set(1, feedPage([9, 8, 1], 1, of: 5))
        #expect(try await feed.refresh() == 2)
        #expect(await feed.photos.map(\.id) == ["9", "8", "1", "2", "3", "4"])
        // The next page continues after the pages already loaded.
        script.set(3, feedPage([5], 3, of: 5))
        try await feed.loadNextPage()
        #expect(script.calls.withLock { $0 } == [1, 2, 1, 3])
    }

    @Test func aFailedRefreshKeepsEverything() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 5)])
        let feed = PhotoFeed(loader: script.loader)
        try await feed.loadNextPage()
        script.set(1, .failure(.offline("")))
        await #expect(throws: PhotoramaError.offline("")) { try await feed.refresh() }
        #expect(await feed.photos.map(\.id) == ["1", "2"])
        #expect(await feed.lastError == .offline(""))
    }

    // MARK: - Photos up to a limit
    @Test func photosUpToALimitLoadsOnlyThePagesNeeded() async throws {
        let script = ScriptedPages([
            1: feedPage([1, 2, 3], 1, of: 9), 2: feedPage([4, 5, 6], 2, of: 9), 3: feedPage([7, 8, 9], 3, of: 9),
        ])
        let feed = PhotoFeed(loader: script.loader)
        #expect(try await feed.photos(limit: 5).map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(script.calls.withLock { $0 } == [1, 2])
        #expect(try await feed.photos(limit: 0) == [])
    }

    @Test func photosUpToALimitStopsAtTheEnd() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 2), 2: feedPage([3], 2, of: 2)])
        let feed = PhotoFeed(loader: script.loader)
        #expect(try await feed.photos(limit: 20).map(\.id) == ["1", "2", "3"])
        #expect(script.calls.withLock { $0 } == [1, 2])
    }

    @Test func photosUpToALimitThrowsAndKeepsWhatItHas() async throws {
        let script = ScriptedPages([1: feedPage([1, 2], 1, of: 3), 2: .failure(.api(code: 105, message: "Service currently unavailable"))])
        let feed = PhotoFeed(loader: script.loader)
        await #expect(throws: PhotoramaError.api(code: 105, message: "Service currently unavailable")) {
            try await feed.photos(limit: 10)
        }
        #expect(await feed.photos.map(\.id) == ["1", "2"])
    }
}
