import Foundation
import Testing

@testable import PhotoramaKit

/// A transport that answers from a function and records every request; no sockets.
actor AnsweringTransport: Transport {
    private let answer: @Sendable (WebRequest) throws -> WebResponse
    private(set) var requests: [WebRequest] = []

    init(_ answer: @escaping @Sendable (WebRequest) throws -> WebResponse) {
        self.answer = answer
    }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        requests.append(request)
        do { return try answer(request) } catch { throw .offline("fixture missing") }
    }

    /// Each request as "method-or-path query…", enough to tell calls apart.
    var calls: [String] {
        requests.map { request in
            let items = QueryEncoding.items(of: request.url)
            return items.first { $0.0 == "method" }?.1 ?? request.url.path
        }
    }
}

func flickrMethod(_ request: WebRequest) -> String? {
    QueryEncoding.items(of: request.url).first { $0.0 == "method" }?.1
}

@Suite struct PhotoFeedServiceTests {
    // MARK: - Fixtures
    let configuration = ServiceConfiguration(
        flickrBaseURL: URL(string: "http://127.0.0.1:9/services/rest")!, flickrAPIKey: "FLICKRKEY1",
        px500BaseURL: URL(string: "http://127.0.0.1:9/v1")!, px500ConsumerKey: "PXKEY2",
        locationsBaseURL: URL(string: "http://127.0.0.1:9")!)

    func service(_ transport: AnsweringTransport) -> PhotoService {
        PhotoService(
            configuration: configuration,
            webservice: Webservice(transport: transport, redactor: configuration.redactor, retryPolicy: .never))
    }

    static let paris = #"""
        {"places":{"place":[{"place_id":"p1","woeid":"615702","latitude":48.8566,"longitude":2.3522,"place_type":"locality","_content":"Paris, France"},
        {"place_id":"p2","latitude":33.66,"longitude":-95.55,"_content":"Paris, Texas"}]},"stat":"ok"}
        """#

    // MARK: - Feeds by provider
    @Test func recentGoesToFlickrWithTheConfiguredKeyAndPerPage() async throws {
        let transport = AnsweringTransport { _ in try FixtureFile.response("flickr/flickr_getRecent_flickr-objects.1.json") }
        let page = try await service(transport).page(.recent, page: 1)
        #expect(page.items.count == 100)
        let request = try #require(await transport.requests.first)
        #expect(urlWithoutQuery(request.url) == "http://127.0.0.1:9/services/rest")
        #expect(sortedQueryItems(request.url).contains("api_key=FLICKRKEY1"))
        #expect(sortedQueryItems(request.url).contains("per_page=100"))
    }

    @Test func popularGoesTo500px() async throws {
        let transport = AnsweringTransport { _ in try FixtureFile.response("500px/popular_array_image_url.json") }
        let page = try await service(transport).page(.popular, page: 3)
        #expect(page.items.map(\.id) == ["1001", "1003"])
        let request = try #require(await transport.requests.first)
        #expect(urlWithoutQuery(request.url) == "http://127.0.0.1:9/v1/photos")
        #expect(sortedQueryItems(request.url).contains("consumer_key=PXKEY2"))
    }

    // MARK: - Places
    @Test func aPlaceIsFoundThenSearchedAround() async throws {
        let transport = AnsweringTransport { request in
            flickrMethod(request) == "flickr.places.find"
                ? FixtureFile.json(Self.paris) : try FixtureFile.response("flickr/flickr_search_flickr-objects.1.json")
        }
        let page = try await service(transport).page(.place(name: "Paris"), page: 2)
        #expect(page.items.count == 2)
        #expect(await transport.calls == ["flickr.places.find", "flickr.photos.search"])
        let search = try #require(await transport.requests.last)
        let query = sortedQueryItems(search.url)
        #expect(query.contains("lat=48.8566") && query.contains("lon=2.3522") && query.contains("radius=5") && query.contains("page=2"))
    }

    @Test func anUnknownPlaceIsInvalidInput() async {
        let transport = AnsweringTransport { _ in FixtureFile.json(#"{"places":{"place":[],"total":0},"stat":"ok"}"#) }
        await #expect(throws: PhotoramaError.invalidInput("No place found for \"Atlantis\"")) {
            try await service(transport).page(.place(name: " Atlantis "), page: 1)
        }
    }

    @Test func aPlaceFeedResolvesTheNameOnce() async throws {
        let transport = AnsweringTransport { request in
            if flickrMethod(request) == "flickr.places.find" { return FixtureFile.json(Self.paris) }
            let page = QueryEncoding.items(of: request.url).first { $0.0 == "page" }?.1 ?? "?"
            return FixtureFile.json(
                #"{"photos":{"page":\#(page),"pages":3,"total":"6","photo":[{"id":"a\#(page)"},{"id":"b\#(page)"}]},"stat":"ok"}"#)
        }
        let feed = service(transport).feed(.place(name: "Paris"))
        #expect(try await feed.photos(limit: 4).map(\.id) == ["a1", "b1", "a2", "b2"])
        #expect(await transport.calls == ["flickr.places.find", "flickr.photos.search", "flickr.photos.search"])
    }

    // MARK: - Requests and validation
    @Test func pageResourceForEverySourceButPlace() throws {
        let service = service(AnsweringTransport { _ in WebResponse(status: 500) })
        #expect(flickrMethod(try service.pageResource(.recent, page: 1).request) == "flickr.photos.getRecent")
        #expect(flickrMethod(try service.pageResource(.search(text: "cats"), page: 1).request) == "flickr.photos.search")
        #expect(
            flickrMethod(try service.pageResource(.geo(latitude: 1, longitude: 2, radiusKm: 3), page: 1).request) == "flickr.photos.search")
        #expect(flickrMethod(try service.pageResource(.gallery(id: "g"), page: 1).request) == "flickr.galleries.getPhotos")
        #expect(flickrMethod(try service.pageResource(.user(id: "u"), page: 1).request) == "flickr.people.getPublicPhotos")
        #expect(try service.pageResource(.popular, page: 1).request.url.path == "/v1/photos")
        #expect(throws: PhotoramaError.invalidInput("A place search needs two requests; load it with page(_:page:)")) {
            try service.pageResource(.place(name: "Paris"), page: 1)
        }
        #expect(throws: PhotoramaError.invalidInput("Latitude must be between -90 and 90 (got 95)")) {
            try service.pageResource(.geo(latitude: 95, longitude: 0, radiusKm: 5), page: 1)
        }
    }

    @Test func invalidInputSendsNoRequest() async {
        let transport = AnsweringTransport { _ in WebResponse(status: 500) }
        await #expect(throws: PhotoramaError.invalidInput("Search text must not be empty")) {
            try await service(transport).page(.search(text: "  "), page: 1)
        }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: - Photo info and comments
    @Test func flickrInfoTakesTheRealSizes() async throws {
        let transport = AnsweringTransport { request in
            flickrMethod(request) == "flickr.photos.getInfo"
                ? try FixtureFile.response("flickr/flickr_getInfo_flickrex.json")
                : try FixtureFile.response("flickr/flickr_getSizes_flickrex.json")
        }
        let detail = try await service(transport).info(PhotoKey(provider: .flickr, id: "8436466166"))
        #expect(detail.photo.title == "Skies over Boston")
        #expect(detail.photo.images.count == 12)
        #expect(detail.photo.largestImage?.width == 5081)
        // The licence list goes with the first info of a run; an answer it cannot read only costs the name.
        #expect(Set(await transport.calls) == ["flickr.photos.getInfo", "flickr.photos.getSizes", "flickr.photos.licenses.getInfo"])
        #expect(detail.license == nil)
    }

    @Test func flickrInfoNamesTheLicenceAndAsksForTheListOncePerService() async throws {
        let transport = AnsweringTransport { request in
            switch flickrMethod(request) {
            case "flickr.photos.getInfo": FixtureFile.json(#"{"photo":{"id":"7","license":"4","title":{"_content":"T"}},"stat":"ok"}"#)
            case "flickr.photos.licenses.getInfo": try FixtureFile.response("flickr-docs/flickr_photos_licenses_getInfo_docs.json")
            default: FixtureFile.json(#"{"stat":"fail","code":1,"message":"Photo not found"}"#)
            }
        }
        let service = service(transport)
        let first = try await service.info(PhotoKey(provider: .flickr, id: "7"))
        let second = try await service.info(PhotoKey(provider: .flickr, id: "7"))
        #expect(
            first.license
                == PhotoLicense(id: 4, name: "Attribution License", url: URL(string: "https://creativecommons.org/licenses/by/2.0/")))
        #expect(second.license == first.license)
        #expect(await transport.calls.filter { $0 == "flickr.photos.licenses.getInfo" }.count == 1)
    }

    @Test func flickrInfoWithoutSizesKeepsTheBuiltImages() async throws {
        let transport = AnsweringTransport { request in
            flickrMethod(request) == "flickr.photos.getInfo"
                ? try FixtureFile.response("flickr/flickr_getInfo_flickrex.json")
                : FixtureFile.json(#"{"stat":"fail","code":1,"message":"Photo not found"}"#)
        }
        let detail = try await service(transport).info(PhotoKey(provider: .flickr, id: "8436466166"))
        #expect(detail.photo.largestImage?.url.absoluteString == "https://live.staticflickr.com/8056/8436466166_e2dc3b83de_b.jpg")
    }

    @Test func info500px() async throws {
        let transport = AnsweringTransport { _ in try FixtureFile.response("500px/photo_detail.json") }
        let detail = try await service(transport).info(PhotoKey(provider: .fiveHundredPx, id: "4928401"))
        #expect(detail.commentCount == 12)
        #expect(await transport.requests.first?.url.path == "/v1/photos/4928401")
    }

    @Test func flickrCommentsArePageOneOnly() async throws {
        let transport = AnsweringTransport { _ in try FixtureFile.response("flickr/flickr_comments_getList_eol.json") }
        let service = service(transport)
        let key = PhotoKey(provider: .flickr, id: "5416503569")
        #expect(try await service.comments(key, page: 1).items.count == 1)
        #expect(try await service.comments(key, page: 2) == Page(items: [], page: 2, pages: 1, total: 0))
        #expect(await transport.requests.count == 1)
        await #expect(throws: PhotoramaError.invalidInput("Page must be at least 1 (got 0)")) { try await service.comments(key, page: 0) }
    }

    // MARK: - Locations and place lookup
    @Test func locations() async throws {
        let transport = AnsweringTransport { request in
            FixtureFile.json(#"[{"street_address":"1 Main St","city":"Oslo","country":"Norway","emoji":"🇳🇴","hours":"9–5"}]"#)
        }
        let service = service(transport)
        #expect(try await service.locations(country: "Nor").map(\.city) == ["Oslo"])
        #expect(try await service.locations(country: " ") == [])
        #expect(await transport.requests.count == 1)
    }

    @Test func findPlace() async throws {
        let transport = AnsweringTransport { _ in FixtureFile.json(Self.paris) }
        #expect(try await service(transport).findPlace("Paris").map(\.placeID) == ["p1", "p2"])
    }

    // MARK: - Keys in errors
    @Test func keysNeverAppearInErrors() async {
        let transport = AnsweringTransport { request in
            if request.url.path.hasPrefix("/v1") {
                return FixtureFile.json(#"{"status":403,"error":"key PXKEY2 blocked"}"#, status: 403)
            }
            return FixtureFile.json(#"{"stat":"fail","code":100,"message":"Invalid API Key (FLICKRKEY1)"}"#)
        }
        let service = service(transport)
        for source in [PhotoSource.recent, .popular] {
            do {
                _ = try await service.page(source, page: 1)
                Issue.record("expected an error")
            } catch {
                #expect(!error.message.contains("FLICKRKEY1") && !error.message.contains("PXKEY2"), "\(error.message)")
                #expect(error.message.contains("***"))
            }
        }
    }
}
