import Foundation
import Testing

@testable import PhotoramaKit

/// The byte reader of 500px lists gives what the JSON tree gives, and reads the recorded shapes itself (a
/// nil from it means the tree was asked).
@Suite struct FiveHundredPxListReaderTests {
    func api(_ reading: ListReading, mode: ParseMode = .tolerant, nsfw: Bool = false) -> FiveHundredPxAPI {
        var api = FiveHundredPxAPI(consumerKey: "KEY", includeNSFW: nsfw, parseMode: mode)
        api.listReading = reading
        return api
    }

    func read(_ response: WebResponse, mode: ParseMode = .tolerant, nsfw: Bool = false) -> Page<Photo>? {
        FiveHundredPxListReader.page(response, includeNSFW: nsfw, imageSize: FiveHundredPxRoute.defaultImageSize, mode: mode)
    }

    @Test(arguments: ["popular_array_image_url.json", "popular_string_image_url.json"])
    func recordedShapesAreReadFromTheBytesAsTheTreeReadsThem(_ name: String) throws {
        let response = try FixtureFile.response("500px/\(name)")
        for nsfw in [false, true] {
            let fast = try #require(read(response, nsfw: nsfw), "\(name) was left to the tree")
            #expect(fast == (try api(.tree, nsfw: nsfw).popular().parse(response)))
            // Strict mode too (the second file's entry without an id is an error there, the tree's to give).
            let bytes = Result { () throws(PhotoramaError) in try api(.bytes, mode: .strict, nsfw: nsfw).popular().parse(response) }
            let tree = Result { () throws(PhotoramaError) in try api(.tree, mode: .strict, nsfw: nsfw).popular().parse(response) }
            #expect(bytes == tree)
        }
    }

    @Test func theRecordedPageHasItsNumbersOwnersAndSizes() throws {
        let response = try FixtureFile.response("500px/popular_array_image_url.json")
        let page = try #require(read(response, nsfw: true))
        #expect((page.page, page.pages, page.total) == (3, 4, 200))
        let photo = try #require(page.items.first)
        #expect((photo.id, photo.title, photo.views) == ("1001", "Safe", 5))
        #expect(photo.images.map(\.size) == [.medium800, .large2048])
        #expect(photo.images.first?.address == "https://drscdn.500px.org/photo/1001/m%3D900/v2?sig=1")
        #expect((photo.images.first?.width, photo.images.first?.height) == (900, 600))
    }

    /// Each of these is a form the reader handles itself; each must agree with the tree.
    @Test(arguments: [
        #"{"current_page":"2","total_pages":9,"photos":[{"id":7,"name":"caf\u00e9 \"q\"","user":{"fullname":" ","username":"u","id":3},"tags":["a"," ",1,null],"nsfw":"yes"}]}"#,
        #"{"photos":[{"id":"1","image_url":"https://cdn.example/p/4.jpg","width":"300","height":200.0,"latitude":"1.5","longitude":-2,"times_viewed":"12 "}]}"#,
        #"{"photos":[{"id":"1","images":[{"size":2,"url":"http://x.example/a.jpg"},"x",{"size":"31","https_url":"https://x.example/b/m%3D600/c.jpg"}],"width":1200,"height":800}]}"#,
        #"{"photos":[{"id":"1","images":[],"image_url":["", "https://x.example/1.jpg", {"a":1}]},{"name":"no id"},5],"x":{"a":1,"a":2}}"#,
        #"{"photos":[{"id":"1","user":["not","an object"],"user_id":"9","url":"/photo/1/slug","description":"<b>bold</b> &amp; more","taken_at":"2012-03-04T05:06:07-05:00"}]}"#,
        #"{"photos":[{"id":"2","nsfw":true},{"id":"3","nsfw":0}]}"#,
        #"{"photos":{"not":"a list"},"total_items":"5"}"#,
    ])
    func readerAndTreeAgree(_ body: String) throws {
        let response = FixtureFile.json(body)
        for nsfw in [false, true] {
            let fast = try #require(read(response, nsfw: nsfw), "left to the tree")
            #expect(fast == (try api(.tree, nsfw: nsfw).popular().parse(response)))
        }
    }

    /// Errors and forms it is unsure of are the tree's, which gives the value or the error.
    @Test(arguments: [
        #"{"photos":[{"id":"1"}]} x"#,
        #"{"photos":[{"id":"1","id":"2"}]}"#,
        #"{"photos":[{"\u0069d":"1"}]}"#,
        #"{"photos":[{"id":"1","times_viewed":1e3}]}"#,
        #"{"photos":[{"id":"1","name":"\ud800"}]}"#,
        #"{"photos":[{"name":"nobody"}]}"#,
        #"[1]"#,
        "<html>Service Unavailable</html>",
    ])
    func errorsAndUnsureFormsGoToTheTree(_ body: String) {
        #expect(read(FixtureFile.json(body)) == nil)
    }

    @Test func aStrictPageWithABadEntryGoesToTheTree() {
        let response = FixtureFile.json(#"{"photos":[{"id":"1"},"x"]}"#)
        #expect(read(response, mode: .strict) == nil)
        #expect(read(response)?.items.map(\.id) == ["1"])
    }

    @Test func anErrorStatusIsTheTreesWithItsMessage() throws {
        let response = FixtureFile.json(#"{"error":"Consumer key missing"}"#, status: 401)
        #expect(read(response) == nil)
        #expect(throws: PhotoramaError.api(code: 401, message: "Consumer key missing or not accepted. Set PX500_CONSUMER_KEY")) {
            try api(.bytes).popular().parse(response)
        }
    }
}
