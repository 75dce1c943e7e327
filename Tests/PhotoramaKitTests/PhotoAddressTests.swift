import Foundation
import Testing

@testable import PhotoramaKit

/// Renditions and pages keep their URLs as text (a parsed URL is ~400 bytes on Linux, thousands of photos
/// hold a dozen each); what callers read is the same URL.
@Suite struct PhotoAddressTests {
    static let address = "https://live.staticflickr.com/65535/53761234567_0a1b2c3d4e_z.jpg?s=%20x&b=1#frag"

    @Test func aRenditionGivesBackTheURLItWasMadeWith() throws {
        let url = try #require(URL(string: Self.address))
        var image = PhotoImage(size: .medium640, url: url, width: 640, height: 480)
        #expect(image.address == Self.address)
        #expect(image.url == url)
        #expect(image.url.host == "live.staticflickr.com")
        #expect(image.url.query == "s=%20x&b=1")
        let other = try #require(URL(string: "http://127.0.0.1:8080/img/1_b.jpg"))
        image.url = other
        #expect(image.address == "http://127.0.0.1:8080/img/1_b.jpg")
        #expect(image.url.port == 8080)
        #expect(image == PhotoImage(size: .medium640, url: other, width: 640, height: 480))
    }

    @Test func aPhotosPageURLGoesInAndOutAsTheSameURL() throws {
        let page = try #require(URL(string: "https://www.flickr.com/photos/12345678@N00/53761234567"))
        var photo = Photo(provider: .flickr, id: "53761234567", pageURL: page)
        #expect(photo.pageAddress == "https://www.flickr.com/photos/12345678@N00/53761234567")
        #expect(photo.pageURL == page)
        photo.pageURL = nil
        #expect(photo.pageAddress == nil)
        #expect(photo.pageURL == nil)
        #expect(Photo(provider: .flickr, id: "1").pageURL == nil)
    }
}
