import Foundation
import Testing

@testable import PhotoramaKit

/// Commons' answers through `CommonsAPI`'s resources: recordings of the real service (Fixtures/commons,
/// see SOURCES.md) in formatversion 1, and the shapes the API documents for formatversion 2.
@Suite struct CommonsParserTests {
    let api = CommonsAPI(apiURL: URL(string: "http://127.0.0.1:9/w/api.php")!, userAgent: "Photorama/test (tests)")

    /// The recorded page entry inside a formatversion 1 answer, keyed by its page id.
    func recordedAnswer() throws -> WebResponse {
        let entry = String(decoding: try FixtureFile.data("commons/image_data_example.json"), as: UTF8.self)
        return FixtureFile.json(
            #"{"batchcomplete":"","continue":{"gsroffset":50,"continue":"gsroffset||"},"query":{"pages":{"81754323":"# + entry + "}}}")
    }

    @Test func aRecordedFileBecomesAPhotoWithItsCreatorLicenceAndPlainText() throws {
        let page = try api.search(text: "tree", page: 1).parse(try recordedAnswer())
        #expect(page.items.count == 1)
        #expect(page.hasMore)
        let photo = try #require(page.items.first)
        #expect(photo.provider == .commons)
        #expect(photo.id == "File:20120925 PlozevetBretagne LoneTree DSC07971 PtrQs.jpg")
        #expect(photo.title == "20120925 PlozevetBretagne LoneTree DSC07971 PtrQs")
        #expect(photo.owner == "PtrQs")
        #expect(photo.ownerID == "PtrQs")
        #expect(photo.taken == LocalDateTime(year: 2012, month: 9, day: 25, hour: 16, minute: 23, second: 2))
        #expect(photo.description == "SONY DSC")
        #expect(
            photo.licenseTag
                == LicenseTag(name: "CC BY-SA 4.0", address: "https://creativecommons.org/licenses/by-sa/4.0", attributionRequired: true))
        #expect(
            photo.pageURL?.absoluteString == "https://commons.wikimedia.org/wiki/File:20120925_PlozevetBretagne_LoneTree_DSC07971_PtrQs.jpg"
        )
        #expect(photo.tags.first == "Coasts of Plozévet")
        // No thumbnail was asked in the recording: the original is the one rendition, with its size.
        #expect(
            photo.images.map(\.address) == [
                "https://upload.wikimedia.org/wikipedia/commons/2/25/20120925_PlozevetBretagne_LoneTree_DSC07971_PtrQs.jpg"
            ])
        #expect(photo.images.first?.width == 5514)
        #expect(photo.images.first?.size == .original)
    }

    @Test func eachMetadataFieldIsReadFromItsOwnPlace() {
        #expect(CommonsFile.MetadataKey.allCases.map(\.position) == Array(0..<CommonsFile.MetadataKey.allCases.count))
        var info = CommonsFile.Info()
        info.metadata = CommonsFile.MetadataKey.allCases.map(\.rawValue)
        for key in CommonsFile.MetadataKey.allCases { #expect(info[key] == key.rawValue) }
    }

    @Test func aPageWithoutImageinfoIsLeftOutAndTheContinueBlockSaysWhetherMoreFollow() throws {
        let more = try api.search(text: "x", page: 3).parse(try FixtureFile.response("commons/response_small_with_continue.json"))
        #expect(more.items.isEmpty)
        #expect(more.page == 3)
        #expect(more.pages == 4)
        let last = try api.search(text: "x", page: 3).parse(try FixtureFile.response("commons/response_small_missing_continue.json"))
        #expect(last.pages == 3)
        #expect(!last.hasMore)
    }

    @Test func aRecordedAudioFileIsNotAPhoto() throws {
        let info = String(decoding: try FixtureFile.data("commons/audio_filedata_wav_excerpt.json"), as: UTF8.self)
        let answer = FixtureFile.json(
            #"{"query":{"pages":[{"pageid":1,"ns":6,"title":"File:Nl-Javaanse herten.ogg","imageinfo":["# + info + "]}]}}")
        #expect(try api.search(text: "x", page: 1).parse(answer).items.isEmpty)
    }

    /// formatversion 2: pages as an array in database order, `index` the rank; thumbnails and larger
    /// renditions from the thumbnail's address; PDFs skipped; multilingual values and hidden spans.
    @Test func formatversion2PagesComeInSearchOrderWithThumbnailsAndWithoutNonImages() throws {
        let answer = FixtureFile.json(
            #"""
            {"batchcomplete":true,"query":{"pages":[
             {"pageid":7,"ns":6,"title":"File:B.jpg","index":2,"coordinates":[{"lat":48.8584,"lon":2.2945,"primary":true}],
              "imageinfo":[{"width":4000,"height":3000,"mime":"image/jpeg","user":"Up Loader",
               "thumburl":"https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/B.jpg/320px-B.jpg?utm_source=x",
               "thumbwidth":320,"thumbheight":240,"url":"https://upload.wikimedia.org/wikipedia/commons/a/ab/B.jpg",
               "descriptionurl":"https://commons.wikimedia.org/wiki/File:B.jpg",
               "extmetadata":{"Artist":{"value":"<bdi><a href=\"//commons.wikimedia.org/wiki/User:Ann\">Ann &amp; Bo</a><span style=\"display: none;\">Creator:Ann</span></bdi>"},
                "ImageDescription":{"value":{"fr":"Tour","en":"The <b>tower</b>","_type":"lang"}},
                "LicenseShortName":{"value":"Public domain"},"AttributionRequired":{"value":"false"}}}]},
             {"pageid":5,"ns":6,"title":"File:A.pdf","index":1,"imageinfo":[{"mime":"application/pdf","thumburl":"https://x/a.jpg","url":"https://x/a.pdf"}]},
             {"pageid":9,"ns":6,"title":"File:C.svg","index":1,"imageinfo":[{"width":100,"height":50,"mime":"image/svg+xml",
               "thumburl":"https://upload.wikimedia.org/c.svg.png","thumbwidth":100,"thumbheight":50,"url":"https://upload.wikimedia.org/c.svg",
               "extmetadata":{"GPSLatitude":{"value":"-33.8568"},"GPSLongitude":{"value":"151.2153"},"LicenseShortName":{"value":"CC0"},
                "LicenseUrl":{"value":"//creativecommons.org/publicdomain/zero/1.0/"}}}]},
             {"pageid":-1,"ns":6,"title":"File:Gone.jpg","missing":true}
            ]}}
            """#)
        let page = try api.search(text: "x", page: 1).parse(answer)
        #expect(page.items.map(\.id) == ["File:C.svg", "File:B.jpg"])
        #expect(!page.hasMore)
        let svg = page.items[0]
        // An SVG's original is not drawn: only its thumbnail.
        #expect(svg.images.map(\.address) == ["https://upload.wikimedia.org/c.svg.png"])
        #expect(svg.location == GeoPoint(latitude: -33.8568, longitude: 151.2153))
        #expect(svg.licenseTag?.address == "https://creativecommons.org/publicdomain/zero/1.0/")
        let tower = page.items[1]
        #expect(tower.owner == "Ann & Bo")
        #expect(tower.description == "The tower")
        #expect(tower.title == "B")
        #expect(tower.location == GeoPoint(latitude: 48.8584, longitude: 2.2945))
        #expect(tower.licenseTag == LicenseTag(name: "Public domain", address: nil, attributionRequired: false))
        #expect(
            tower.images.map(\.address) == [
                "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/B.jpg/320px-B.jpg?utm_source=x",
                "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/B.jpg/800px-B.jpg?utm_source=x",
                "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/B.jpg/1600px-B.jpg?utm_source=x",
                "https://upload.wikimedia.org/wikipedia/commons/a/ab/B.jpg",
            ])
        #expect(tower.images.map(\.height) == [240, 600, 1200, 3000])
    }

    @Test func anErrorObjectAnHTMLPageAndAnErrorStatusEachGiveOneLine() throws {
        let resource = try api.search(text: "x", page: 1)
        let lag = FixtureFile.json(
            #"{"error":{"code":"maxlag","info":"Waiting for 10.64.48.23: 7 seconds lagged.","lag":7,"*":"See docs"},"servedby":"mw1"}"#)
        #expect(throws: PhotoramaError.service("Wikimedia Commons: Waiting for 10.64.48.23: 7 seconds lagged. (maxlag)")) {
            try resource.parse(lag)
        }
        let html = WebResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<!DOCTYPE html><p>help".utf8))
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html; charset=utf-8")) { try resource.parse(html) }
        let down = WebResponse(status: 503, headers: [("Content-Type", "text/html")], body: Data("<html>down</html>".utf8))
        #expect(throws: PhotoramaError.httpStatus(503)) { try resource.parse(down) }
        #expect(throws: PhotoramaError.invalidData("expected a JSON object")) { try resource.parse(FixtureFile.json("[1]")) }
    }

    @Test func requestsAskForThumbnailsMetadataAndMaxlagWithTheUserAgent() throws {
        let search = try api.search(text: "Eiffel tower", page: 3).request
        #expect(search.header("User-Agent") == "Photorama/test (tests)")
        let items = sortedQueryItems(search.url)
        for item in [
            "action=query", "format=json", "formatversion=2", "generator=search", "gsrnamespace=6", "gsrsearch=Eiffel tower",
            "gsrlimit=50", "gsroffset=100", "maxlag=5", "iiurlwidth=320", "prop=imageinfo|coordinates",
        ] {
            #expect(items.contains(item), "\(item)")
        }
        let near = sortedQueryItems(try api.nearby(latitude: 48.8584, longitude: 2.2945, radiusKm: 2, page: 1).request.url)
        #expect(near.contains("ggscoord=48.8584|2.2945"))
        #expect(near.contains("ggsradius=2000"))
        #expect(throws: PhotoramaError.invalidInput("Radius must be more than 0 and at most 10 km for Commons (got 11)")) {
            try api.nearby(latitude: 1, longitude: 2, radiusKm: 11, page: 1)
        }
    }

    @Test func theByteReaderAndTheTreeReadTheSameAnswers() throws {
        var tree = api
        tree.listReading = .tree
        for answer in [try recordedAnswer(), try FixtureFile.response("commons/response_small_with_continue.json")] {
            #expect(try api.search(text: "x", page: 1).parse(answer) == (try tree.search(text: "x", page: 1).parse(answer)))
        }
    }

    /// A formatversion 2 answer whose batch goes on: imageinfo for the first file only, `iicontinue` for
    /// the second, the generator's own offset again.
    static let partialBatch = FixtureFile.json(
        #"""
        {"continue":{"iicontinue":"B.jpg|20240501000000","gsroffset":50,"continue":"gsroffset||coordinates"},"query":{"pages":[
         {"pageid":7,"ns":6,"title":"File:A.jpg","index":51,"imageinfo":[{"width":400,"height":300,"mime":"image/jpeg",
          "url":"https://upload.wikimedia.org/a/A.jpg","descriptionurl":"https://commons.wikimedia.org/wiki/File:A.jpg",
          "extmetadata":{"Artist":{"value":"<a href=\"//commons.wikimedia.org/wiki/User:Ann\">Ann</a>"},"LicenseShortName":{"value":"CC0"}}}]},
         {"pageid":8,"ns":6,"title":"File:B.jpg","index":52}]}}
        """#)

    /// The byte reader reads the recordings and the formatversion 2 shapes itself (it hands nothing to the
    /// tree), and gives what the tree gives; errors and keys given twice are the tree's.
    @Test func theByteReaderReadsAnswersItselfAndAsTheTreeDoes() throws {
        let answers = [
            try recordedAnswer(), try FixtureFile.response("commons/response_small_with_continue.json"),
            try FixtureFile.response("commons/response_small_missing_continue.json"), Self.partialBatch,
        ]
        for answer in answers {
            let read = try #require(CommonsAnswerReader.answer(answer))
            #expect(read == CommonsParser.answer(try CommonsAPI.root(answer, reading: .tree)))
        }
        #expect(CommonsAnswerReader.answer(FixtureFile.json(#"{"error":{"code":"badvalue","info":"No."}}"#)) == nil)
        #expect(CommonsAnswerReader.answer(FixtureFile.json(#"{"query":{"pages":[]},"query":{"pages":[]}}"#)) == nil)
    }

    /// An answer whose imageinfo goes on in the next answer (`iicontinue`) says how to ask for the rest:
    /// the same query with the `continue` block's values; the merged answers hold every file once, in
    /// search order.
    @Test func anAnswerWhoseImageinfoGoesOnSaysHowToAskForTheRest() throws {
        let list = try api.searchList(text: "x", page: 2)
        let first = try list.first().parse(Self.partialBatch)
        #expect(first.photos.map(\.id) == ["File:A.jpg"])
        #expect(first.batchContinuation == ["iicontinue": "B.jpg|20240501000000", "gsroffset": "50", "continue": "gsroffset||coordinates"])
        let next = try #require(try list.next(after: first))
        let items = sortedQueryItems(next.request.url)
        for item in ["iicontinue=B.jpg|20240501000000", "gsroffset=50", "continue=gsroffset||coordinates", "gsrsearch=x", "maxlag=5"] {
            #expect(items.contains(item), "\(item)")
        }
        #expect(items.filter { $0.hasPrefix("gsroffset=") }.count == 1)
        let rest = try next.parse(
            FixtureFile.json(
                #"""
                {"batchcomplete":true,"continue":{"gsroffset":100,"continue":"gsroffset||"},"query":{"pages":[
                 {"pageid":7,"ns":6,"title":"File:A.jpg","index":51},
                 {"pageid":8,"ns":6,"title":"File:B.jpg","index":52,"imageinfo":[{"width":400,"height":300,"mime":"image/jpeg",
                  "url":"https://upload.wikimedia.org/b/B.jpg"}]}]}}
                """#))
        #expect(try list.next(after: rest) == nil)
        let page = first.merged(with: rest).page(2, offset: 50)
        #expect(page.items.map(\.id) == ["File:A.jpg", "File:B.jpg"])
        #expect(page.items.first?.owner == "Ann")
        #expect(page.hasMore)
        #expect(page.total == 52)
    }
}
