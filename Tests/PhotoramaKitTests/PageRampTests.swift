import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct PageRampTests {
    @Test func openingPagesThenLargePagesThatStartWhereTheyEnd() {
        let ramp = PageRamp(opening: 50, perPage: 300)
        #expect(ramp.openingPages == 6)
        let requests = (1...9).map { ramp.request($0) }
        #expect(requests.map(\.perPage) == [50, 50, 50, 50, 50, 50, 300, 300, 300])
        #expect(requests.map(\.page) == [1, 2, 3, 4, 5, 6, 2, 3, 4])
        // Each browser page starts where the one before ended: photo offsets 0, 50, …, 250, 300, 600, 900.
        let offsets = requests.map { ($0.page - 1) * $0.perPage }
        #expect(offsets == [0, 50, 100, 150, 200, 250, 300, 600, 900])
    }

    @Test func noRampWhenTheOpeningSizeDoesNotDivideOrIsNotSmaller() {
        for opening in [nil, 0, 300, 400, 70] {
            let ramp = PageRamp(opening: opening, perPage: 300)
            #expect(ramp.opening == 300, "\(String(describing: opening))")
            #expect(ramp.request(1).page == 1)
            #expect(ramp.request(1).perPage == 300)
            #expect(ramp.request(5).page == 5)
            #expect(ramp.request(5).perPage == 300)
        }
    }

    @Test func answersAreRenumberedInTheBrowsersPages() {
        let ramp = PageRamp(opening: 100, perPage: 300)
        // 1,000 photos: three opening pages, then 300-photo pages 2, 3 and 4 (the last holding 100).
        let first = ramp.renumber(Page(items: [1], page: 1, pages: 10, total: 1000), asked: 1)
        #expect(first.page == 1)
        #expect(first.pages == 6)
        let large = ramp.renumber(Page(items: [1], page: 4, pages: 4, total: 1000), asked: 6)
        #expect(large.page == 6)
        #expect(large.pages == 6)
        #expect(!large.hasMore)
        // Fewer photos than one large page: opening pages only.
        let small = ramp.renumber(Page(items: [1], page: 1, pages: 3, total: 250), asked: 1)
        #expect(small.pages == 3)
        // A total Flickr overstates (searches stop at the pages it gives) counts only the reachable pages.
        let capped = ramp.renumber(Page(items: [1], page: 2, pages: 13, total: 9_999_999), asked: 4)
        #expect(capped.pages == 3 + 12)
        // Flickr answering its last page again when asked past the end stays recognisable.
        let repeated = ramp.renumber(Page(items: [1], page: 4, pages: 4, total: 1000), asked: 7)
        #expect(repeated.page == 6)
        let empty = ramp.renumber(Page<Int>(items: [], page: 1, pages: 0, total: 0), asked: 1)
        #expect(empty.pages == 0)
        #expect(!empty.hasMore)
    }

    @Test func withoutARampAnswersKeepTheirNumbers() {
        let ramp = PageRamp(opening: nil, perPage: 100)
        let answer = ramp.renumber(Page(items: [1], page: 3, pages: 10, total: 1000), asked: 3)
        #expect(answer.page == 3)
        #expect(answer.pages == 10)
    }
}

@Suite struct PageRampServiceTests {
    @Test func aRampedServiceAsksFlickrForSmallPagesFirstThenLargeOnes() async throws {
        var configuration = ServiceConfiguration(
            flickrBaseURL: URL(string: "http://127.0.0.1:9/services/rest")!, flickrAPIKey: "FLICKRKEY1",
            px500BaseURL: URL(string: "http://127.0.0.1:9/v1")!, px500ConsumerKey: "PXKEY2",
            locationsBaseURL: URL(string: "http://127.0.0.1:9")!, perPage: 300)
        configuration.openingPerPage = 100
        let transport = AnsweringTransport { _ in try FixtureFile.response("flickr/flickr_getRecent_flickr-objects.1.json") }
        let service = PhotoService(
            configuration: configuration,
            webservice: Webservice(transport: transport, redactor: configuration.redactor, retryPolicy: .never))
        let first = try await service.page(.recent, page: 1)
        _ = try await service.page(.search(text: "cats"), page: 3)
        _ = try await service.page(.recent, page: 4)
        let asked = await transport.requests.map { request in
            sortedQueryItems(request.url).filter { $0.hasPrefix("page=") || $0.hasPrefix("per_page=") }
        }
        #expect(asked == [["page=1", "per_page=100"], ["page=3", "per_page=100"], ["page=2", "per_page=300"]])
        // The fixture is page 1 of 10 at 100 a page (1,000 photos): 3 opening pages and 3 large ones.
        #expect(first.page == 1)
        #expect(first.pages == 6)
    }
}
