import Foundation
import Testing

@testable import PhotoramaKit

/// The 2019 API sends image size ids the documentation never listed (22, 31 …) with signed resizing
/// URLs: every photo keeps its image, sized from the URL's own parameters or the photo's dimensions.
@Suite struct FiveHundredPxUnknownSizeTests {
    let api = FiveHundredPxAPI(baseURL: URL(string: "http://127.0.0.1:8080/v1")!, consumerKey: "CONSUMER9876")

    /// A 2019-shaped popular page of `count` photos whose only image has size 22.
    func page(count: Int, url: (Int) -> String) -> WebResponse {
        let photos = (1...count).map { index in
            """
            {"id": \(index), "name": "Photo \(index)", "nsfw": false, "width": 3000, "height": 2000,
             "image_url": ["\(url(index))"],
             "images": [{"size": 22, "url": "\(url(index))", "https_url": "\(url(index))", "format": "jpeg"}],
             "user": {"id": 7, "username": "u", "fullname": "U"}}
            """
        }.joined(separator: ",")
        let body =
            #"{"feature": "popular", "filters": {}, "current_page": 1, "total_pages": 1, "total_items": \#(count), "photos": [\#(photos)]}"#
        return WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }

    @Test func fortyEightPhotosWithSizeTwentyTwoAllKeepTheirImage() throws {
        let answer = page(count: 48) { "https://drscdn.500px.org/photo/\($0)/q%3D80_m%3D2000/v2?sig=\($0)" }
        let photos = try api.popular(page: 1).parse(answer).items
        #expect(photos.count == 48)
        #expect(photos.allSatisfy { $0.images.count == 1 })
        // m=2000 is the longest edge: 3000×2000 becomes 2000×1333, nearest class the 2048 one.
        let image = try #require(photos.first?.images.first)
        #expect(image.url.absoluteString == "https://drscdn.500px.org/photo/1/q%3D80_m%3D2000/v2?sig=1")
        #expect(image.size == .large2048)
        #expect([image.width, image.height] == [2000, 1333])
    }

    @Test func heightAndWidthParametersSizeTheImage() throws {
        let byHeight = try api.popular(page: 1).parse(page(count: 1) { _ in "https://drscdn.500px.org/photo/1/h%3D450/v2?sig=a" }).items
        #expect(byHeight.first?.images.first.map { [$0.width, $0.height] } == [675, 450])
        #expect(byHeight.first?.images.first?.size == .medium800)
        let byWidth = try api.popular(page: 1).parse(page(count: 1) { _ in "https://drscdn.500px.org/photo/1/w%3D300/v2?sig=b" }).items
        #expect(byWidth.first?.images.first.map { [$0.width, $0.height] } == [300, 200])
        #expect(byWidth.first?.images.first?.size == .small320)
    }

    @Test func withoutParametersThePhotoDimensionsSizeIt() throws {
        let photos = try api.popular(page: 1).parse(page(count: 1) { _ in "https://cdn.example/photo/1/full.jpg" }).items
        let image = try #require(photos.first?.images.first)
        #expect([image.width, image.height] == [3000, 2000])
        #expect(image.size == .original)
    }
}
