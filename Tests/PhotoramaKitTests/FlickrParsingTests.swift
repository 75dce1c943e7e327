import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct FlickrParsingTests {
    // MARK: - Helpers
    let api = FlickrAPI(apiKey: "SECRETKEY42")

    func recentPage(_ name: String, mode: ParseMode = .tolerant) throws -> Page<Photo> {
        var api = self.api
        api.parseMode = mode
        return try api.recent().parse(try FixtureFile.response("flickr/\(name)"))
    }

    // MARK: - Photo lists
    @Test func getRecentWithEveryExtra() throws {
        let page = try recentPage("flickr_getRecent_flickr-objects.1.json", mode: .strict)
        #expect(page.items.count == 100)
        #expect((page.page, page.pages, page.total) == (1, 10, 1000))
        #expect(page.hasMore)
        #expect(page.items.filter { $0.location != nil }.count == 6)
        #expect(page.items.first?.id == "10101747234")
        #expect(page.items.last?.id == "10101853733")
        #expect(Set(page.items.map(\.id)).count == 100)
    }

    @Test func firstPhotoInDetail() throws {
        let photo = try #require(try recentPage("flickr_getRecent_flickr-objects.1.json").items.first)
        #expect(photo.provider == .flickr)
        #expect(photo.title == "")
        #expect(photo.owner == "Thibaut Blancheteau")
        #expect(photo.ownerID == "103492244@N04")
        #expect(photo.taken == LocalDateTime(year: 2013, month: 10, day: 5, hour: 20, minute: 30, second: 27))
        #expect(photo.takenGranularity == .exact)
        #expect(photo.location == GeoPoint(latitude: 34.980152, longitude: 135.748))
        #expect(photo.tags == ["flickrandroidapp:filter=none"])
        #expect(photo.views == 0)
        #expect(photo.pageURL?.absoluteString == "https://www.flickr.com/photos/103492244@N04/10101747234/")
        #expect(FlickrPhotoParser.pageURL(owner: "a/b c", id: "1?x")?.absoluteString == "https://www.flickr.com/photos/a%2Fb%20c/1%3Fx/")
        // url_h has its own secret (864e5dc847, not the photo's 47a50de040); height as a string, width as a number.
        let large = try #require(photo.images.first { $0.size == .large1600 })
        #expect(large.url.absoluteString == "https://farm8.staticflickr.com/7458/10101747234_864e5dc847_h.jpg")
        #expect((large.width, large.height) == (899, 1600))
        #expect(photo.largestImage?.size == .original)
        let square = try #require(photo.images.first { $0.size == .square75 })
        #expect((square.width, square.height) == (75, 75))
    }

    @Test func heightsAsNumbersAndAsStrings() throws {
        let photos = try recentPage("flickr_getRecent_flickr-objects.1.json").items
        // 10101756974: height_h 1060 (number), width_h "1600" (string).
        let photo = try #require(photos.first { $0.id == "10101756974" })
        let large = try #require(photo.images.first { $0.size == .large1600 })
        #expect((large.width, large.height) == (1600, 1060))
        #expect(large.url.absoluteString == "https://farm8.staticflickr.com/7393/10101756974_6226ac0000_h.jpg")
    }

    @Test func aSmallOriginalGetsNoBuiltLargerSizes() throws {
        // 10101760344 is 400 px wide: url_m and url_o, no url_z or url_l, and none are invented.
        let photos = try recentPage("flickr_getRecent_flickr-objects.1.json").items
        let photo = try #require(photos.first { $0.id == "10101760344" })
        #expect(photo.images.map(\.size) == [.square75, .square150, .thumbnail100, .small240, .small320, .medium500, .original])
        #expect(photo.location == nil)
    }

    @Test func withoutExtrasImagesAreBuiltFromServerAndSecret() throws {
        let photo = try #require(try recentPage("flickr_getRecent_flickr-objects.0.json").items.first)
        #expect(photo.id == "10100914094")
        #expect(photo.title == "Abc")
        #expect(photo.taken == nil)
        #expect(
            photo.images.map(\.url.absoluteString) == [
                "https://live.staticflickr.com/7426/10100914094_bf168feddf_s.jpg",
                "https://live.staticflickr.com/7426/10100914094_bf168feddf_q.jpg",
                "https://live.staticflickr.com/7426/10100914094_bf168feddf.jpg",
                "https://live.staticflickr.com/7426/10100914094_bf168feddf_z.jpg",
                "https://live.staticflickr.com/7426/10100914094_bf168feddf_b.jpg",
            ])
        #expect(photo.images.allSatisfy { $0.width == nil && $0.height == nil })
    }

    @Test func interestingnessShortPageIsNotTheEnd() throws {
        let page = try recentPage("flickr_interestingness_flickr-objects.0.json", mode: .strict)
        #expect(page.items.count == 94)
        #expect((page.page, page.pages, page.total) == (1, 5, 500))
        #expect(page.hasMore)
    }

    @Test func searchTotalAsString() throws {
        let page = try api.search(text: "x").parse(try FixtureFile.response("flickr/flickr_search_flickr-objects.1.json"))
        #expect(page.items.count == 2)
        #expect((page.page, page.pages, page.total) == (1, 1, 2))
        #expect(!page.hasMore)
        let joi = try api.user(id: "x").parse(try FixtureFile.response("flickr/flickr_photolist_joi_flickrex.json"))
        #expect((joi.items.count, joi.pages, joi.total) == (2, 635, 1270))
    }

    // MARK: - Loose fields and bad entries
    @Test func htmlDescriptionIsPlainText() throws {
        let page = try api.user(id: "x").parse(try FixtureFile.response("flickr/flickr_people_getPublicPhotos_flickr-objects.1.json"))
        #expect(page.items.first?.description == "It's a photo")
        let html = FixtureFile.json(
            #"""
            {"photos":{"page":1,"pages":1,"perpage":100,"total":"1","photo":[{"id":"1","title":"T",
            "description":{"_content":"<a href=\"http://x\">Link</a> &amp; more<br />next &#39;line&#39;"}}]},"stat":"ok"}
            """#)
        #expect(try api.recent().parse(html).items.first?.description == "Link & more\nnext 'line'")
    }

    @Test func numbersAsStringsAndStringsAsNumbersAndNulls() throws {
        let response = FixtureFile.json(
            #"""
            {"photos":{"page":"2","pages":"3","perpage":"100","total":250,"photo":[
              {"id":12345,"title":null,"ownername":null,"datetaken":"0000-00-00 00:00:00","datetakengranularity":6,
               "latitude":"45.5","longitude":"-73.25","views":17,"tags":null,"description":null},
              {"id":"678","title":42,"datetaken":"2004-11-29 16:01:26","datetakengranularity":"8","latitude":0,"longitude":0}
            ]},"stat":"ok"}
            """#)
        let page = try api.recent(page: 2).parse(response)
        #expect((page.page, page.pages, page.total) == (2, 3, 250))
        let first = try #require(page.items.first)
        #expect(first.id == "12345")
        #expect(first.title == "")
        #expect(first.taken == nil)
        #expect(first.takenGranularity == .year)
        #expect(first.location == GeoPoint(latitude: 45.5, longitude: -73.25))
        #expect(first.views == 17)
        #expect(first.tags == [])
        #expect(first.images.isEmpty)
        let second = try #require(page.items.last)
        #expect(second.title == "42")
        #expect(second.taken?.iso8601 == "2004-11-29T16:01:26")
        #expect(second.takenGranularity == .circa)
        #expect(second.location == nil)
    }

    @Test func badEntriesAreSkippedOrFailInStrictMode() throws {
        let response = FixtureFile.json(
            #"{"photos":{"page":1,"pages":1,"total":3,"photo":[{"id":"1"},{"title":"no id"},"x"]},"stat":"ok"}"#)
        #expect(try api.recent().parse(response).items.map(\.id) == ["1"])
        var strict = api
        strict.parseMode = .strict
        #expect(throws: PhotoramaError.invalidData("photos.photo[1]: unreadable entry")) { try strict.recent().parse(response) }
    }

    @Test func aPageWhoseEntriesAllFailIsAFormatChange() throws {
        let response = FixtureFile.json(#"{"photos":{"page":1,"pages":1,"total":2,"photo":[{"ID":"1"},{"ID":"2"}]},"stat":"ok"}"#)
        #expect(throws: PhotoramaError.invalidData("the response format has changed")) { try api.recent().parse(response) }
    }

    @Test func emptyResult() throws {
        let page = try api.search(text: "zzz").parse(
            FixtureFile.json(#"{"photos":{"page":1,"pages":0,"perpage":100,"total":"0","photo":[]},"stat":"ok"}"#))
        #expect(page == Page(items: [], page: 1, pages: 0, total: 0))
        #expect(!page.hasMore)
    }

    // MARK: - Errors
    @Test func errorsComeWithStatus200() throws {
        #expect(throws: PhotoramaError.api(code: 100, message: "Invalid API Key (Key has invalid format)")) {
            try api.recent().parse(try FixtureFile.response("flickr/flickr_error_invalid_key_flickr-objects.0.json"))
        }
        #expect(throws: PhotoramaError.api(code: 112, message: "Method \"flickr.nonExistingMethod\" not found")) {
            try api.recent().parse(try FixtureFile.response("flickr/flickr_error_method_not_found_flickr-objects.0.json"))
        }
        #expect(throws: PhotoramaError.api(code: 112, message: "Method \"flickr.fakeMethod\" not found")) {
            try api.info(id: "1").parse(try FixtureFile.response("flickr/flickr_error_method_not_found_flickrex.json"))
        }
    }

    @Test func theKeyNeverAppearsInAnErrorMessage() throws {
        let response = FixtureFile.json(#"{"stat":"fail","code":100,"message":"Invalid API Key (SECRETKEY42 not found)"}"#)
        #expect(throws: PhotoramaError.api(code: 100, message: "Invalid API Key (*** not found)")) { try api.recent().parse(response) }
    }

    @Test func jsonpWrapper() throws {
        let body = "jsonFlickrApi({\"photos\":{\"page\":1,\"pages\":1,\"total\":1,\"photo\":[{\"id\":\"9\"}]},\"stat\":\"ok\"});\n"
        let page = try api.recent().parse(WebResponse(status: 200, body: Data(body.utf8)))
        #expect(page.items.map(\.id) == ["9"])
        let failure = "jsonFlickrApi({\"stat\":\"fail\",\"code\":105,\"message\":\"Service currently unavailable\"})"
        #expect(throws: PhotoramaError.api(code: 105, message: "Service currently unavailable")) {
            try api.recent().parse(WebResponse(status: 200, body: Data(failure.utf8)))
        }
    }

    @Test func htmlErrorPageIsNotJSONAndBadStatusIsHTTPStatus() {
        let html = WebResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
            body: Data("<!DOCTYPE html><html><body>Oops</body></html>".utf8))
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html; charset=utf-8")) { try api.recent().parse(html) }
        let gateway = WebResponse(status: 502, headers: [("Content-Type", "text/html")], body: Data("<html>bad gateway</html>".utf8))
        #expect(throws: PhotoramaError.httpStatus(502)) { try api.recent().parse(gateway) }
        #expect(throws: PhotoramaError.invalidData("photos: missing")) {
            try api.recent().parse(try FixtureFile.response("flickr/flickr_empty_ok_flickrex.json"))
        }
    }

    // MARK: - Info and sizes
    @Test func getInfo() throws {
        let detail = try api.info(id: "8130464513").parse(try FixtureFile.response("flickr/flickr_getInfo_flickr-objects.0.json"))
        #expect(detail.photo.id == "8130464513")
        #expect(detail.photo.title == "Hana")
        #expect(detail.photo.owner == "Janko Marohnić")
        #expect(detail.ownerUsername == "@janko-m")
        #expect(detail.ownerLocation == "Zagreb, Croatia")
        #expect(detail.photo.taken?.iso8601 == "2012-10-28T11:32:03")
        #expect(detail.photo.location == GeoPoint(latitude: 44.375, longitude: 14.78194))
        #expect(detail.placeName == "Ulbo, Zadar, Zadarsko-Kninska, Croatia")
        #expect(detail.photo.tags == ["foo"])
        #expect(detail.photo.views == 3)
        #expect(detail.commentCount == 0)
        #expect(detail.uploaded == nil)  // "2013" is not a real timestamp
        #expect(detail.photo.pageURL?.absoluteString == "https://www.flickr.com/photos/78733179@N04/8130464513/")
        #expect(detail.photo.largestImage?.url.absoluteString == "https://live.staticflickr.com/8191/8130464513_780e01decd_b.jpg")

        let joi = try api.info(id: "8436466166").parse(try FixtureFile.response("flickr/flickr_getInfo_flickrex.json"))
        #expect(joi.photo.title == "Skies over Boston")
        #expect(joi.photo.location == nil)
        #expect(joi.photo.views == 1914)
        #expect(joi.uploaded == Date(timeIntervalSince1970: 1_359_523_092))
        #expect(joi.photo.pageURL?.absoluteString == "https://www.flickr.com/photos/joi/8436466166/")

        let eol = try api.info(id: "5416503569").parse(try FixtureFile.response("flickr/flickr_getInfo_eol.json"))
        #expect(eol.photo.title == "homepage")
        #expect(eol.photo.views == 80)
    }

    @Test func getSizesWithMixedNumberTypes() throws {
        let sizes = try api.sizes(id: "8436466166").parse(try FixtureFile.response("flickr/flickr_getSizes_flickrex.json"))
        #expect(sizes.count == 12)
        #expect(sizes.map(\.size) == ImageSizeClass.allCases)
        #expect(sizes.map { $0.width ?? -1 } == [75, 150, 100, 240, 320, 500, 640, 800, 1024, 1600, 2048, 5081])
        #expect(sizes.map { $0.height ?? -1 } == [75, 150, 67, 160, 213, 333, 426, 532, 681, 1064, 1362, 3380])
        #expect(sizes.first?.url.absoluteString == "https://farm9.staticflickr.com/8056/8436466166_e2dc3b83de_s.jpg")
        let older = try api.sizes(id: "10115956703").parse(try FixtureFile.response("flickr/flickr_getSizes_flickr-objects.0.json"))
        #expect(older.first?.url.absoluteString == "https://farm3.staticflickr.com/2822/10115956703_b14e1be9d0_s.jpg")
    }

    // MARK: - Comments and places
    @Test func comments() throws {
        let page = try api.comments(id: "5416503569").parse(try FixtureFile.response("flickr/flickr_comments_getList_eol.json"))
        #expect(page.items.count == 1)
        let comment = try #require(page.items.first)
        #expect(comment.id == "59083845-5416503569-72157626366389575")
        #expect(comment.author == "EncyclopediaOfLife")
        #expect(comment.authorID == "59129167@N06")
        #expect(comment.text == "This comment is used for testing the EOL codebase")
        #expect(comment.date == Date(timeIntervalSince1970: 1_302_715_809))
        #expect(
            comment.permalink?.absoluteString == "https://www.flickr.com/photos/encyclopediaoflife/5416503569/#comment72157626366389575")
        #expect((page.page, page.pages, page.total) == (1, 1, 1))
    }

    @Test func emptyCommentsHaveNoCommentKey() throws {
        let page = try api.comments(id: "5416503569").parse(try FixtureFile.response("flickr/flickr_comments_getList_empty_eol.json"))
        #expect(page == Page(items: [], page: 1, pages: 0, total: 0))
    }

    @Test func places() throws {
        let response = FixtureFile.json(
            #"""
            {"places":{"place":[{"place_id":"kH8dLOubBZRvX_YZ","woeid":"12591813","latitude":"48.857","longitude":2.341,
            "place_url":"/France/Paris","place_type":"locality","_content":"Paris, Île-de-France, France"},
            {"place_id":"bad","latitude":"x"}],"query":"Paris","total":2},"stat":"ok"}
            """#)
        let places = try api.findPlace("Paris").parse(response)
        #expect(
            places == [
                FlickrPlace(
                    name: "Paris, Île-de-France, France", placeID: "kH8dLOubBZRvX_YZ", woeID: "12591813",
                    location: GeoPoint(latitude: 48.857, longitude: 2.341), type: "locality")
            ])
    }
}
