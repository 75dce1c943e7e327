import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct FiveHundredPxTests {
    let api = FiveHundredPxAPI(baseURL: URL(string: "http://127.0.0.1:8080/v1")!, consumerKey: "CONSUMER9876")

    // MARK: Routes

    @Test func popularRoute() throws {
        let request = try api.popular(page: 2).request
        #expect(request.method == .get)
        #expect(urlWithoutQuery(request.url) == "http://127.0.0.1:8080/v1/photos")
        #expect(
            sortedQueryItems(request.url) == [
                "consumer_key=CONSUMER9876", "feature=popular", "image_size=4", "include_states=1",
                "include_store=store_download", "page=2", "rpp=50",
            ])
        #expect(FiveHundredPxRoute.popular(page: 2).path == "/photos")
    }

    @Test func photoAndCommentsRoutes() throws {
        let photo = try api.photo(id: "4928401", imageSize: 2048).request
        #expect(urlWithoutQuery(photo.url) == "http://127.0.0.1:8080/v1/photos/4928401")
        #expect(sortedQueryItems(photo.url) == ["consumer_key=CONSUMER9876", "image_size=2048"])
        let comments = try api.comments(id: "4928401", page: 3).request
        #expect(urlWithoutQuery(comments.url) == "http://127.0.0.1:8080/v1/photos/4928401/comments")
        #expect(sortedQueryItems(comments.url) == ["consumer_key=CONSUMER9876", "page=3"])
        let defaultBase = try FiveHundredPxAPI(consumerKey: "k").photo(id: "1").request
        #expect(defaultBase.url.absoluteString == "https://api.500px.com/v1/photos/1?consumer_key=k&image_size=4")
    }

    @Test func routeValidation() {
        #expect(throws: PhotoramaError.invalidInput("A 500px photo ID is a number (got \"abc\")")) { try api.photo(id: "abc") }
        #expect(throws: PhotoramaError.invalidInput("A 500px photo ID is a number (got \"\")")) { try api.comments(id: "", page: 1) }
        #expect(throws: PhotoramaError.invalidInput("A 500px photo ID is a number (got \"../x\")")) { try api.photo(id: "../x") }
        #expect(throws: PhotoramaError.invalidInput("Page must be at least 1 (got 0)")) { try api.popular(page: 0) }
        #expect(throws: PhotoramaError.invalidInput("Page must be at least 1 (got -1)")) { try api.comments(id: "1", page: -1) }
        #expect(
            throws: PhotoramaError.invalidInput(
                "Image size must be one of 1, 2, 3, 4, 5, 20, 21, 30, 1080, 1600, 2048 (got 7)")
        ) { try api.photo(id: "1", imageSize: 7) }
    }

    // MARK: Parsing

    @Test func imageURLAsStringWithNullsEverywhere() throws {
        let page = try api.popular().parse(try FixtureFile.response("500px/popular_string_image_url.json"))
        #expect((page.page, page.pages, page.total) == (1, 250, 12500))
        #expect(page.items.map(\.id) == ["4928401", "4928402"])  // the entry without an id is skipped
        let fog = page.items[0]
        #expect(fog.provider == .fiveHundredPx)
        #expect(fog.title == "Morning fog")
        #expect(fog.description == "Over the river & hills")
        #expect(fog.owner == "Anna Berg")
        #expect(fog.ownerID == "123")
        #expect(fog.taken?.iso8601 == "2012-05-01T06:12:00")
        #expect(fog.location == GeoPoint(latitude: 47.3769, longitude: 8.5417))
        #expect(fog.views == 12034)
        #expect(fog.nsfw == nil)
        #expect(fog.pageURL?.absoluteString == "https://500px.com/photo/4928401/morning-fog")
        #expect(
            fog.images == [
                PhotoImage(size: .medium800, url: URL(string: "http://pcdn.500px.net/4928401/8b7e3a/4.jpg")!, width: 900, height: 675)
            ])
        let bare = page.items[1]
        #expect(bare.title == "")
        #expect(bare.owner == "bo")
        #expect(bare.taken == nil)
        #expect(bare.location == nil)
        #expect(bare.views == nil)
        #expect(bare.description == "")
        #expect(bare.pageURL?.absoluteString == "https://500px.com/photo/4928402")
        #expect(bare.images.map(\.size) == [.medium800])
        #expect(bare.images.first?.width == nil)
    }

    @Test func strictModeFailsOnTheEntryWithoutAnID() throws {
        var strict = api
        strict.parseMode = .strict
        #expect(throws: PhotoramaError.invalidData("photos[2]: unreadable entry")) {
            try strict.popular().parse(try FixtureFile.response("500px/popular_string_image_url.json"))
        }
    }

    @Test func imageURLAsArrayAndNSFWFilteredByDefault() throws {
        let page = try api.popular(page: 3).parse(try FixtureFile.response("500px/popular_array_image_url.json"))
        #expect((page.page, page.pages, page.total) == (3, 4, 200))
        #expect(page.items.map(\.id) == ["1001", "1003"])
        let safe = page.items[0]
        #expect(safe.nsfw == false)
        #expect(safe.tags == ["city", "night"])
        #expect(safe.taken?.iso8601 == "2019-03-02T21:05:09")
        #expect(safe.images.map(\.size) == [.medium800, .large2048])
        #expect(safe.largestImage?.url.absoluteString == "https://drscdn.500px.org/photo/1001/m%3D2048/v2?sig=2")
        #expect(safe.largestImage.map { [$0.width, $0.height] } == [2048, 1365])
        let old = page.items[1]
        #expect(old.nsfw == nil)
        #expect(old.owner == "")
        #expect(old.location == nil)
        #expect(old.images.map(\.url.absoluteString) == ["https://drscdn.500px.org/photo/1003/m%3D900/v2?sig=4"])
    }

    @Test func nsfwIncludedWhenAsked() throws {
        var api = self.api
        api.includeNSFW = true
        let page = try api.popular(page: 3).parse(try FixtureFile.response("500px/popular_array_image_url.json"))
        #expect(page.items.map(\.id) == ["1001", "1002", "1003"])
        #expect(page.items[1].nsfw == true)
    }

    @Test func photoDetail() throws {
        let detail = try api.photo(id: "4928401", imageSize: 5).parse(try FixtureFile.response("500px/photo_detail.json"))
        #expect(detail.photo.id == "4928401")
        #expect(detail.commentCount == 12)
        #expect(detail.voteCount == 410)
        #expect(detail.rating == 98.7)
        #expect(detail.camera == "Canon EOS 5D Mark III")
        #expect(detail.lens == "EF24-70mm f/2.8L II USM")
        #expect(detail.ownerUsername == "anna")
        #expect(detail.ownerRealName == "Anna Berg")
        #expect(detail.ownerLocation == "Zürich, Switzerland")
        #expect(detail.uploaded == Date(timeIntervalSince1970: 1_336_057_608))
        #expect(
            detail.photo.images == [
                PhotoImage(size: .large1024, url: URL(string: "http://pcdn.500px.net/4928401/8b7e3a/5.jpg")!, width: 1170, height: 878)
            ])
    }

    @Test func comments() throws {
        let page = try api.comments(id: "4928401", page: 1).parse(try FixtureFile.response("500px/comments.json"))
        #expect((page.page, page.pages, page.total) == (1, 2, 21))
        #expect(page.hasMore)
        #expect(page.items.map(\.id) == ["555", "556"])
        #expect(page.items[0].author == "Eve Adams")
        #expect(page.items[0].authorID == "9")
        #expect(page.items[0].text == "Lovely & calm\nlight")
        #expect(page.items[0].date == Date(timeIntervalSince1970: 1_336_132_800))
        #expect(page.items[1].author == "fox")
        #expect(page.items[1].text == "")
        #expect(page.items[1].date == nil)
    }

    // MARK: Errors

    @Test func missingConsumerKeyNamesTheSetting() {
        let response = FixtureFile.json(#"{"status":401,"error":"Consumer key missing."}"#, status: 401)
        #expect(throws: PhotoramaError.api(code: 401, message: "Consumer key missing or not accepted. Set PX500_CONSUMER_KEY")) {
            try api.popular().parse(response)
        }
        let plain = WebResponse(status: 401, body: Data("Unauthorized".utf8))
        #expect(throws: PhotoramaError.api(code: 401, message: "Consumer key missing or not accepted. Set PX500_CONSUMER_KEY")) {
            try api.photo(id: "1").parse(plain)
        }
    }

    @Test func forbiddenQuotesTheServerWithoutTheKey() {
        let response = FixtureFile.json(#"{"status":403,"error":"Key CONSUMER9876 is disabled"}"#, status: 403)
        #expect(throws: PhotoramaError.api(code: 403, message: "Access denied (Key *** is disabled). Check PX500_CONSUMER_KEY")) {
            try api.popular().parse(response)
        }
    }

    @Test func notFound() {
        let response = FixtureFile.json(#"{"status":404,"error":"Not found"}"#, status: 404)
        #expect(throws: PhotoramaError.api(code: 404, message: "Photo 42 not found")) { try api.photo(id: "42").parse(response) }
        #expect(throws: PhotoramaError.api(code: 404, message: "Photo 42 not found")) {
            try api.comments(id: "42", page: 1).parse(response)
        }
        #expect(throws: PhotoramaError.api(code: 404, message: "Not found")) { try api.popular().parse(response) }
    }

    @Test func otherFailures() {
        let html = WebResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html></html>".utf8))
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html")) { try api.popular().parse(html) }
        #expect(throws: PhotoramaError.httpStatus(500)) { try api.popular().parse(WebResponse(status: 500)) }
        #expect(throws: PhotoramaError.invalidData("the response format has changed")) {
            try api.popular().parse(FixtureFile.json(#"{"photos":[{"name":"a"},{"name":"b"}]}"#))
        }
        #expect(throws: PhotoramaError.invalidData("photo.id: missing")) { try api.photo(id: "1").parse(FixtureFile.json("{}")) }
    }
}
