import Foundation
import Testing

@testable import PhotoramaKit

/// Openverse's answers through `OpenverseAPI`'s resources: a recorded page (Fixtures/openverse, see
/// SOURCES.md) and the shapes the API documents.
@Suite struct OpenverseParserTests {
    let api = OpenverseAPI(baseURL: URL(string: "http://127.0.0.1:9/v1")!, userAgent: "Photorama/test (tests)")

    @Test func aRecordedPageBecomesPhotosWithCreatorsLicencesAndThumbnails() throws {
        let page = try api.search(text: "cat", licenses: [], page: 1).parse(
            try FixtureFile.response("openverse/mock_image_data_excerpt.json"))
        #expect(
            page.items.map(\.id) == [
                "20708f1c-0978-47ab-8855-e01f3a392ab3", "aeff7009-2a0b-4bc2-ba6f-fb89a0bddd40", "2fd49716-6055-470a-923e-8049fb9ff0de",
            ])
        // `page` is missing from the recording: the page asked for.
        #expect(page.page == 1)
        #expect(page.pages == 250)
        #expect(page.total == 10000)
        let first = page.items[0]
        #expect(first.provider == .openverse)
        #expect(first.title == "Cat Face")
        #expect(first.owner == "pricklysarah")
        #expect(first.tags == ["cat", "cats"])
        #expect(first.pageURL?.absoluteString == "https://www.flickr.com/photos/11911997@N04/3089483288")
        #expect(
            first.licenseTag
                == LicenseTag(
                    name: "CC BY-NC-ND 2.0", address: "https://creativecommons.org/licenses/by-nd-nc/2.0/jp/", attributionRequired: true))
        #expect(
            first.images.map(\.address) == [
                "https://api.openverse.engineering/v1/thumbs/20708f1c-0978-47ab-8855-e01f3a392ab3",
                "https://live.staticflickr.com/3094/3089483288_a1825f858e_b.jpg",
            ])
        #expect(
            page.items[2].licenseTag
                == LicenseTag(
                    name: "Public Domain Mark 1.0", address: "https://creativecommons.org/publicdomain/mark/1.0/",
                    attributionRequired: false))
    }

    @Test func theLicenceFilterMapsOntoLicenseAndLicenseType() throws {
        let request = try api.search(text: "old maps", licenses: ["by", "BY-SA", "commercial"], page: 2).request
        #expect(urlWithoutQuery(request.url) == "http://127.0.0.1:9/v1/images/")
        #expect(
            sortedQueryItems(request.url) == [
                "license=by,by-sa", "license_type=commercial", "page=2", "page_size=20", "q=old maps",
            ])
        #expect(request.header("User-Agent") == "Photorama/test (tests)")
        #expect(request.header("Authorization") == nil)
        #expect(
            throws: PhotoramaError.invalidInput(
                "Openverse licences are by, by-sa, by-nd, by-nc, by-nc-sa, by-nc-nd, cc0, pdm, sampling+, nc-sampling+ or commercial, modification, all, all-cc, separated by commas (got \"gpl\")"
            )
        ) { try api.search(text: "x", licenses: ["gpl"], page: 1) }
    }

    @Test func errorsGiveTheAPIsOwnDetailInOneLine() throws {
        let resource = try api.search(text: "x", licenses: [], page: 13)
        let refused = FixtureFile.json(#"{"detail":"Invalid page: page must be at most 12."}"#, status: 400)
        #expect(throws: PhotoramaError.service("Openverse: Invalid page: page must be at most 12.")) { try resource.parse(refused) }
        let fields = FixtureFile.json(#"{"detail":{"page_size":["Ensure this value is less than or equal to 20."]}}"#, status: 400)
        #expect(throws: PhotoramaError.service("Openverse: page_size: Ensure this value is less than or equal to 20.")) {
            try resource.parse(fields)
        }
        let html = WebResponse(status: 502, headers: [("Content-Type", "text/html")], body: Data("<html>bad gateway</html>".utf8))
        #expect(throws: PhotoramaError.httpStatus(502)) { try resource.parse(html) }
        #expect(throws: PhotoramaError.invalidData("results: missing")) { try resource.parse(FixtureFile.json(#"{"result_count":1}"#)) }
    }

    @Test func aRegisteredClientsTokenGoesInTheAuthorizationHeader() throws {
        var registered = api
        registered.accessToken = "tok-123"
        #expect(try registered.search(text: "x", licenses: [], page: 1).request.header("Authorization") == "Bearer tok-123")
        let token = try api.token(clientID: "id-1", secret: "s3cret-value")
        #expect(token.request.method == .post)
        #expect(
            String(decoding: token.request.body ?? Data(), as: UTF8.self)
                == "grant_type=client_credentials&client_id=id-1&client_secret=s3cret-value")
        #expect(try token.parse(FixtureFile.json(#"{"access_token":"abc","expires_in":36000}"#)) == "abc")
    }

    @Test func theByteReaderAndTheTreeReadTheSamePage() throws {
        var tree = api
        tree.listReading = .tree
        let answer = try FixtureFile.response("openverse/mock_image_data_excerpt.json")
        #expect(
            try api.search(text: "cat", licenses: [], page: 1).parse(answer)
                == (try tree.search(text: "cat", licenses: [], page: 1).parse(answer)))
    }

    /// The byte reader reads the recording itself (it hands nothing to the tree) and gives what the tree
    /// gives; a page without results is the tree's to refuse.
    @Test func theByteReaderReadsThePageItselfAndAsTheTreeDoes() throws {
        let answer = try FixtureFile.response("openverse/mock_image_data_excerpt.json")
        let read = try #require(OpenverseAnswerReader.page(answer, asked: 1))
        #expect(read == (try OpenverseParser.page(try OpenverseAPI.root(answer, reading: .tree), asked: 1)))
        #expect(!read.items.isEmpty)
        #expect(OpenverseAnswerReader.page(FixtureFile.json(#"{"result_count":1}"#), asked: 1) == nil)
    }

    @Test func aGrantSaysHowLongItsTokenLives() throws {
        let grant = try api.grant(clientID: "id-1", secret: "s3cret-value")
        #expect(
            try grant.parse(FixtureFile.json(#"{"access_token":"abc","expires_in":36000}"#))
                == OpenverseGrant(accessToken: "abc", expiresIn: 36000))
        #expect(try grant.parse(FixtureFile.json(#"{"access_token":"abc"}"#)) == OpenverseGrant(accessToken: "abc", expiresIn: nil))
    }
}
