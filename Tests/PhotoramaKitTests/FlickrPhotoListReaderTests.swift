import Foundation
import Testing

@testable import PhotoramaKit

/// The byte reader of photo lists gives what the JSON tree gives, and reads the recorded answers itself
/// (a nil from it means the tree was asked).
@Suite struct FlickrPhotoListReaderTests {
    static let lists = [
        "flickr_getRecent_flickr-objects.0.json", "flickr_getRecent_flickr-objects.1.json",
        "flickr_interestingness_flickr-objects.0.json", "flickr_search_flickr-objects.0.json",
        "flickr_search_flickr-objects.1.json", "flickr_photolist_joi_flickrex.json",
        "flickr_people_getPublicPhotos_flickr-objects.1.json", "flickr_people_getPhotos_flickr-objects.0.json",
        "flickr_people_getPhotos_flickr-objects.1.json", "flickr_getContactsPhotos_flickr-objects.0.json",
        "flickr_getContactsPhotos_flickr-objects.1.json",
    ]

    func tree(_ mode: ParseMode = .tolerant) -> FlickrAPI {
        var api = FlickrAPI(apiKey: "KEY", parseMode: mode)
        api.listReading = .tree
        return api
    }

    @Test(arguments: lists)
    func recordedListsAreReadFromTheBytesAsTheTreeReadsThem(_ name: String) throws {
        let response = try FixtureFile.response("flickr/\(name)")
        for mode in [ParseMode.tolerant, .strict] {
            let fast = try #require(FlickrPhotoListReader.page(response, mode: mode), "\(name) was left to the tree")
            #expect(fast == (try tree(mode).recent().parse(response)))
        }
    }

    @Test func theRecordedPageHasItsPhotosAndRenditions() throws {
        let response = try FixtureFile.response("flickr/flickr_getRecent_flickr-objects.1.json")
        let page = try #require(FlickrPhotoListReader.page(response, mode: .strict))
        #expect((page.items.count, page.page, page.pages, page.total) == (100, 1, 10, 1000))
        let photo = try #require(page.items.first)
        #expect(photo.pageURL?.absoluteString == "https://www.flickr.com/photos/103492244@N04/10101747234/")
        #expect(photo.renditions.sharedPrefix == "https://farm8.staticflickr.com/7458/10101747234_")
        #expect(photo.images.first { $0.size == .large1600 }?.address == "https://farm8.staticflickr.com/7458/10101747234_864e5dc847_h.jpg")
    }

    /// Each of these is a form the reader handles itself; each must agree with the tree.
    @Test(arguments: [
        #"{"photos":{"page":1,"pages":1,"total":"1","photo":[{"id":"1","title":"caf\u00e9 \ud83d\ude00 \"q\"","tags":"a  b"}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":"1","url_m":"http://farm1.staticflickr.com/1/1_a.jpg","width_m":"500","height_m":333.0}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":"1","server":"5","secret":"s","url_o":"https://x.example/o.jpg","url_z":"https://x.example/z.jpg"}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":"1","url_q":"http://127.0.0.1:8080/q/1.jpg","url_m":"http://a.example:65535","description":{"_content":"plain text"}}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":"1","owner":"a b","title":{"_content":"t","x":[]},"description":{"_content":"<i>d</i> &amp;"}}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":" 2 ","latitude":" 1.5","longitude":"-2","views":"12 ","license":"+7"}]},"stat":"ok"}"#,
        #"{"photos":{"page":1,"photo":[{"id":"1","tags":{"tag":[{"raw":"r"},{"_content":"c"}]}},"x",{"title":"no id"}]},"stat":"ok","x":{"a":1,"a":2}}"#,
        " jsonFlickrApi({\"photos\":{\"photo\":[{\"id\":\"9\"}]},\"stat\":\"ok\"}) ;\n",
    ])
    func readerAndTreeAgree(_ body: String) throws {
        let response = FixtureFile.json(body)
        let fast = try #require(FlickrPhotoListReader.page(response, mode: .tolerant), "left to the tree")
        #expect(fast == (try tree().recent().parse(response)))
    }

    /// Errors and forms it is unsure of are the tree's.
    @Test(arguments: [
        #"{"stat":"fail","code":100,"message":"Invalid API Key"}"#,
        #"{"photos":{"photo":[{"id":"1"}]},"stat":"ok"} x"#,
        #"{"photos":{"photo":[{"id":"1","id":"2"}]},"stat":"ok"}"#,
        #"{"photos":{"photo":[{"\u0069d":"1"}]},"stat":"ok"}"#,
        #"{"photos":{"photo":[{"id":"1","views":1e3}]},"stat":"ok"}"#,
        #"{"photos":{"photo":[{"id":"1","title":"\ud800"}]},"stat":"ok"}"#,
        #"{"photos":{"photo":[{"ID":"1"}]},"stat":"ok"}"#,
        #"{"stat":"ok"}"#,
        #"[1]"#,
    ])
    func errorsAndUnsureFormsGoToTheTree(_ body: String) {
        #expect(FlickrPhotoListReader.page(FixtureFile.json(body), mode: .tolerant) == nil)
    }

    @Test func aStrictPageWithABadEntryGoesToTheTree() throws {
        let response = FixtureFile.json(#"{"photos":{"page":1,"photo":[{"id":"1"},"x"]},"stat":"ok"}"#)
        #expect(FlickrPhotoListReader.page(response, mode: .strict) == nil)
        #expect(FlickrPhotoListReader.page(response, mode: .tolerant)?.items.map(\.id) == ["1"])
    }

    @Test func albumsAreReadFromTheirPhotoset() throws {
        let response = FixtureFile.json(#"{"photoset":{"id":"7","page":1,"pages":1,"total":"1","photo":[{"id":"3"}]},"stat":"ok"}"#)
        let fast = try #require(FlickrPhotoListReader.page(response, list: "photoset", mode: .tolerant))
        #expect(fast == (try tree().album(id: "7").parse(response)))
        #expect(fast.items.map(\.id) == ["3"])
    }

    @Test func plainAddressesAreCopiedAndOthersAreNot() {
        func plain(_ text: String) -> Bool? {
            Array(text.utf8).withUnsafeBufferPointer { FlickrPhotoListReader.plainAddress($0)?.upgrade }
        }
        #expect(plain("https://live.staticflickr.com/7/1_a_b.jpg") == false)
        #expect(plain("http://farm1.staticflickr.com/1/1_a.jpg") == true)
        #expect(plain("http://127.0.0.1:8080/flickr/1_a.jpg") == false)
        #expect(plain("http://127.0.0.1:0/1.jpg") == nil)
        #expect(plain("http://127.0.0.1:/1.jpg") == nil)
        #expect(plain("https://Example.com/1.jpg") == nil)
        #expect(plain("https://x.example/a/../b.jpg") == nil)
        #expect(plain("https://x.example/a?b") == nil)
    }
}
