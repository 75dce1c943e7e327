import Testing

@testable import PhotoramaKit

/// Several pages in flight (the browser's prefetch): each handed out once, answers that overtake a lower
/// page's wait for it, and a failure or the end drops what was asked after it.
@Suite struct FeedStateInFlightTests {
    static func answer(_ number: Int, of pages: Int = 10) -> Page<Photo> {
        let first = (number - 1) * 3 + 1
        return Page(items: feedPhotos(Array(first..<(first + 3))), page: number, pages: pages, total: pages * 3)
    }

    @Test func pagesAreHandedOutInOrderUpToTheLimit() {
        var feed = FeedState()
        #expect(feed.beginNextPage(inFlight: 3) == 1)
        #expect(feed.beginNextPage(inFlight: 3) == 2)
        #expect(feed.beginNextPage(inFlight: 3) == 3)
        #expect(feed.beginNextPage(inFlight: 3) == nil)
        // The plain call keeps its rule: nothing while a page is in flight.
        #expect(feed.beginNextPage() == nil)
        #expect(feed.loadingPages == [1, 2, 3])
        #expect(feed.loadingPage == 1)
    }

    @Test func anAnswerThatOvertakesWaitsForTheOneBefore() {
        var feed = FeedState()
        for _ in 0..<3 { _ = feed.beginNextPage(inFlight: 3) }
        #expect(feed.receive(Self.answer(3), requested: 3) == 0)
        #expect(feed.receive(Self.answer(2), requested: 2) == 0)
        #expect(feed.photos.isEmpty)
        #expect(feed.pagesPending == 3)
        // Waiting answers still count against the limit.
        #expect(feed.beginNextPage(inFlight: 3) == nil)
        #expect(feed.receive(Self.answer(1), requested: 1) == 9)
        #expect(feed.photos.map(\.id) == (1...9).map(String.init))
        #expect(feed.lastPage == 3)
        #expect(feed.pagesPending == 0)
        #expect(feed.lastPageSize == 3)
        #expect(feed.beginNextPage(inFlight: 3) == 4)
    }

    @Test func neverPastTheLastPageTheServiceNamed() {
        var feed = FeedState()
        _ = feed.beginNextPage()
        feed.receive(Self.answer(1, of: 3), requested: 1)
        #expect(feed.beginNextPage(inFlight: 5) == 2)
        #expect(feed.beginNextPage(inFlight: 5) == 3)
        #expect(feed.beginNextPage(inFlight: 5) == nil)
    }

    @Test func theEndDropsLaterPagesInFlight() {
        var feed = FeedState()
        for _ in 0..<3 { _ = feed.beginNextPage(inFlight: 3) }
        #expect(feed.receive(Self.answer(3, of: 10), requested: 3) == 0)
        // Page 2 says it is the last.
        feed.receive(Self.answer(1, of: 2), requested: 1)
        feed.receive(Self.answer(2, of: 2), requested: 2)
        #expect(feed.reachedEnd)
        #expect(feed.count == 6)
        #expect(feed.pagesPending == 0)
        #expect(feed.receive(Self.answer(3), requested: 3) == 0)
    }

    @Test func aFailureDropsThePagesAfterItAndAsksForItAgain() {
        var feed = FeedState()
        for _ in 0..<4 { _ = feed.beginNextPage(inFlight: 4) }
        feed.receive(Self.answer(4), requested: 4)
        feed.fail(requested: 2, error: .httpStatus(500))
        #expect(feed.loadingPages == [1])
        #expect(feed.pagesPending == 1)
        #expect(feed.lastError == .httpStatus(500))
        feed.receive(Self.answer(1), requested: 1)
        feed.clearError()
        #expect(feed.beginNextPage(inFlight: 4) == 2)
        feed.cancelLoading()
        #expect(feed.pagesPending == 0)
        #expect(!feed.isLoading)
    }

    @Test func aPageOneAnswerAfterARefreshCountedItIsAppliedNotKeptWaiting() {
        var feed = FeedState()
        #expect(feed.beginNextPage() == 1)
        #expect(feed.beginRefresh() == 1)
        feed.receiveRefresh(Self.answer(1))
        #expect(feed.lastPage == 1)
        // The load of page 1 answers after the refresh made it the last page: it applies (nothing new).
        #expect(feed.receive(Self.answer(1), requested: 1) == 0)
        #expect(feed.pagesPending == 0)
    }
}
