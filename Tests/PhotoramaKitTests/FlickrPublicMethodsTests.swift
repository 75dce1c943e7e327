import Foundation
import PhotoramaText
import Testing

@testable import PhotoramaKit

/// Group pools, Explore, EXIF and licences: requests built from validated input, and parsers run on
/// Flickr's documentation examples (Fixtures/flickr-docs), a real Explore recording and hostile answers.
@Suite struct FlickrPublicMethodsTests {
    let api = FlickrAPI(baseURL: URL(string: "https://api.flickr.com/services/rest")!, apiKey: "KEY", perPage: 100)

    // MARK: - Requests
    @Test func exploreAsksForTheDateAndRefusesAnInvalidOne() throws {
        let items = sortedQueryItems(try api.explore(date: "2024-02-29", page: 2).request.url)
        #expect(items.contains("method=flickr.interestingness.getList"))
        #expect(items.contains("date=2024-02-29"))
        #expect(items.contains("page=2"))
        #expect(!sortedQueryItems(try api.explore().request.url).contains { $0.hasPrefix("date=") })
        for bad in ["2023-02-29", "2024-13-01", "24-01-01", "2004-06-30", "2024-1-01", "yesterday"] {
            #expect(throws: PhotoramaError.invalidInput("The date must be YYYY-MM-DD, from 2004-07-01 on (got \"\(bad)\")")) {
                try api.explore(date: bad)
            }
        }
    }

    @Test func licensedSearchSendsFlickrsLicenseParameter() throws {
        let url = try api.search(text: "harbour", licenses: [4, 5, 9, 10]).request.url
        let items = sortedQueryItems(url)
        #expect(items.contains("license=4,5,9,10"))
        // On the wire the commas are percent-encoded, as every reserved character (QueryEncoding).
        #expect(wireQuery(url).contains("license=4%2C5%2C9%2C10"), "\(url)")
        #expect(items.contains("text=harbour"))
        #expect(throws: PhotoramaError.invalidInput("Licence ids must not be empty")) { try api.search(text: "x", licenses: []) }
    }

    @Test func licenceIDsAreValidated() {
        #expect(LicenseIDs.parse("1,2, 4,1") == .success([1, 2, 4]))
        #expect(LicenseIDs.parse("10") == .success([10]))
        func refusal(_ text: String) -> Result<[Int], PhotoramaError> {
            .failure(.invalidInput("Licence ids are numbers from 0 to 10 separated by commas, like 1,2,4 (got \"\(text)\")"))
        }
        #expect(LicenseIDs.parse("1,11") == refusal("1,11"))
        #expect(LicenseIDs.parse("1,,2") == refusal("1,,2"))
        #expect(LicenseIDs.parse("-1") == refusal("-1"))
        #expect(LicenseIDs.parse(" ") == .failure(.invalidInput("Licence ids must not be empty")))
    }

    @Test func groupPoolTakesAnNSIDAndAddressesAreLookedUp() throws {
        let url = try api.groupPool(id: "34427469792@N01").request.url
        let items = sortedQueryItems(url)
        #expect(items.contains("method=flickr.groups.pools.getPhotos"))
        #expect(items.contains("group_id=34427469792@N01"))
        #expect(wireQuery(url).contains("group_id=34427469792%40N01"), "\(url)")
        #expect(GroupReference.parse("34427469792@N01") == .success(.id("34427469792@N01")))
        #expect(
            GroupReference.parse("https://www.flickr.com/groups/flickrcentral/pool/")
                == .success(.address("https://www.flickr.com/groups/flickrcentral/")))
        #expect(GroupReference.parse("flickr.com/groups/34427469792@N01/") == .success(.id("34427469792@N01")))
        #expect(
            GroupReference.parse("https://example.com/groups/x")
                == .failure(.invalidInput("Not a group id (like 34427469792@N01) or flickr.com/groups/NAME address")))
    }

    @Test func albumsAreNamedByIDOrAddress() {
        #expect(AlbumReference.parse("72157624618609111") == .success("72157624618609111"))
        #expect(AlbumReference.parse("https://www.flickr.com/photos/someone/albums/72157624618609111") == .success("72157624618609111"))
        #expect(AlbumReference.parse("www.flickr.com/photos/12345678@N01/sets/72157624618609111/") == .success("72157624618609111"))
        #expect(
            AlbumReference.parse("https://www.flickr.com/photos/someone/galleries/1")
                == .failure(.invalidInput("Not an album id or flickr.com/photos/USER/albums/ID address")))
    }

    // MARK: - Documentation examples and recordings
    @Test func exifFromTheDocumentationExample() throws {
        let answer = try api.exif(id: "4424").parse(try FixtureFile.response("flickr-docs/flickr_photos_getExif_docs.json"))
        #expect(answer == .shown(PhotoExif(camera: "Canon", aperture: "f/9")))
    }

    @Test func exifHiddenByItsOwnerIsAnAnswerNotAFailure() throws {
        let answer = try api.exif(id: "1").parse(try FixtureFile.response("flickr-docs/flickr_photos_getExif_denied_docs.json"))
        #expect(answer == .hiddenByOwner)
        #expect(throws: PhotoramaError.api(code: 1, message: "Photo not found")) {
            try api.exif(id: "1").parse(FixtureFile.json(#"{"stat":"fail","code":1,"message":"Photo not found"}"#))
        }
    }

    @Test func exifPrefersCleanValuesAndFindsTagsByName() throws {
        let body = #"""
            {"photo":{"id":"1","camera":"Canon EOS 5D Mark IV","exif":[
            {"tagspace":"IFD0","tag":"Make","label":"Make","raw":{"_content":"Canon"}},
            {"tagspace":"ExifIFD","tag":"ExposureTime","label":"Exposure","raw":{"_content":"1/250"},"clean":{"_content":"0.004 sec (1/250)"}},
            {"tagspace":"ExifIFD","tag":"FNumber","label":"Aperture","raw":{"_content":"9.0"},"clean":{"_content":"f/9.0"}},
            {"tagspace":"ExifIFD","tag":"ISO","label":"ISO Speed","raw":{"_content":"200"}},
            {"tagspace":"ExifIFD","tag":"DateTimeOriginal","label":"Date and Time (Original)","raw":{"_content":"2010:10:21 15:52:31"}},
            {"tagspace":"ExifIFD","tag":"FocalLength","label":"Focal Length","raw":{"_content":"50.0 mm"},"clean":{"_content":"50 mm"}},
            {"tagspace":"ExifIFD","tag":"LensModel","label":"Lens Model","raw":{"_content":"EF50mm f/1.8 STM"}}]},"stat":"ok"}
            """#
        let answer = try api.exif(id: "1").parse(FixtureFile.json(body))
        #expect(
            answer
                == .shown(
                    PhotoExif(
                        camera: "Canon EOS 5D Mark IV", lens: "EF50mm f/1.8 STM", exposure: "0.004 sec (1/250)", aperture: "f/9.0",
                        iso: "200", focalLength: "50 mm", dateTaken: "2010:10:21 15:52:31")))
    }

    @Test func licencesFromTheDocumentationExample() throws {
        let licenses = try api.licenses().parse(try FixtureFile.response("flickr-docs/flickr_photos_licenses_getInfo_docs.json"))
        #expect(licenses.count == 11)
        #expect(licenses.first == PhotoLicense(id: 0, name: "All Rights Reserved", url: nil))
        let attribution = PhotoLicense(id: 4, name: "Attribution License", url: URL(string: "https://creativecommons.org/licenses/by/2.0/"))
        #expect(licenses.first { $0.id == 4 } == attribution)
        #expect(licenses.map(\.id).sorted() == Array(0...10))
    }

    @Test func groupLookUpAndPoolFromTheDocumentationExamples() throws {
        let lookUp = try FixtureFile.response("flickr-docs/flickr_urls_lookupGroup_docs.json")
        #expect(try api.lookupGroup(address: "https://www.flickr.com/groups/central/").parse(lookUp) == "34427469792@N01")
        let answer = try FixtureFile.response("flickr-docs/flickr_groups_pools_getPhotos_docs.json")
        let pool = try api.groupPool(id: "34427469792@N01").parse(answer)
        #expect(pool.items.map(\.id) == ["2645"])
        #expect(pool.items.first?.owner == "Bees / ?")
        #expect(pool.items.first?.title == "36679_o")
        #expect((pool.page, pool.pages, pool.total) == (1, 1, 1))
    }

    @Test func exploreFromARealRecording() throws {
        let page = try api.explore().parse(try FixtureFile.response("flickr/flickr_interestingness_flickr-objects.0.json"))
        #expect(page.items.count == 94)
        #expect((page.page, page.pages, page.total) == (1, 5, 500))
        #expect(page.items.first?.id == "10671336894")
        #expect(page.items.first?.owner == "Lakes4life")
        #expect(page.items.first?.licenseID == 0)
        #expect(page.items.last?.id == "10670322855")
    }

    // MARK: - Hostile answers
    @Test func exifValuesWithEscapeSequencesNeverReachTheOutputRaw() throws {
        let body = #"""
            {"photo":{"id":"1","exif":[{"tag":"Model","label":"Model","raw":{"_content":"Cam\u001b]0;owned\u0007era\u001b[2J"}},
            {"tag":"LensModel","raw":{"_content":"\u202eLens"}}]},"stat":"ok"}
            """#
        let answer = try api.exif(id: "1").parse(FixtureFile.json(body))
        guard case .shown(let exif) = answer else {
            Issue.record("not shown")
            return
        }
        #expect(exif.camera == "Cam\u{1B}]0;owned\u{07}era\u{1B}[2J", "the model keeps the value; drawing sanitizes it")
        let table = OutputFormatter.exif(answer, photoID: "1", format: .table, width: 80)
        #expect(!table.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(table.contains("Camera"))
        let json = OutputFormatter.exif(answer, photoID: "1", format: .json, width: 80)
        #expect(!json.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aLicenceListMissingIDsKeepsTheEntriesItCanRead() throws {
        let partial = #"""
            {"licenses":{"license":[{"name":"No id"},{"id":"4","name":"Attribution License","url":"https://creativecommons.org/licenses/by/2.0/"},
            {"id":null,"name":"Null id"}]},"stat":"ok"}
            """#
        #expect(try api.licenses().parse(FixtureFile.json(partial)).map(\.id) == [4])
        let none = #"{"licenses":{"license":[{"name":"No id"},{"url":""}]},"stat":"ok"}"#
        #expect(throws: PhotoramaError.invalidData("the response format has changed")) { try api.licenses().parse(FixtureFile.json(none)) }
        #expect(throws: PhotoramaError.invalidData("licenses: missing")) { try api.licenses().parse(FixtureFile.json(#"{"stat":"ok"}"#)) }
    }

    @Test func malformedJSONAndHTMLErrorPagesAreOneLineErrors() throws {
        #expect(throws: PhotoramaError.invalidData("malformed JSON")) {
            try api.exif(id: "1").parse(FixtureFile.json(#"{"photo":{"exif":[{"#))
        }
        let html = WebResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html><body>Oops</body></html>".utf8))
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html")) { try api.exif(id: "1").parse(html) }
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html")) { try api.licenses().parse(html) }
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html")) { try api.explore().parse(html) }
        #expect(throws: PhotoramaError.invalidData("group.id: missing")) {
            try api.lookupGroup(address: "x").parse(FixtureFile.json(#"{"group":{"id":"not an id"},"stat":"ok"}"#))
        }
    }

    // MARK: - Output
    @Test func infoNamesTheLicence() throws {
        var detail = PhotoDetail(photo: Photo(provider: .flickr, id: "1", title: "T", licenseID: 4))
        let table = "FIELD     VALUE\nProvider  Flickr\nID        1\nTitle     T\nOwner\n"
        #expect(OutputFormatter.detail(detail, format: .table, width: 100) == table + "Licence   Licence 4\n")
        detail.license = PhotoLicense(id: 4, name: "Attribution License", url: URL(string: "https://creativecommons.org/licenses/by/2.0/"))
        #expect(
            OutputFormatter.detail(detail, format: .table, width: 100)
                == table + "Licence   Attribution License <https://creativecommons.org/licenses/by/2.0/>\n")
        let json = OutputFormatter.detail(detail, format: .json, width: 80)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["license"] as? String == "Attribution License")
        #expect(object["licenseID"] as? Int == 4)
        #expect(object["licenseURL"] as? String == "https://creativecommons.org/licenses/by/2.0/")
        #expect(json.contains("\n  \"license\": \"Attribution License\",\n"), "\(json)")
    }

    @Test func exifOutputSaysTheOwnersRefusalInOneLine() {
        let refusal = OutputFormatter.exif(.hiddenByOwner, photoID: "9", format: .table, width: 80)
        #expect(refusal == "The owner does not share this photo's EXIF\n")
        #expect(OutputFormatter.exif(.hiddenByOwner, photoID: "9", format: .json, width: 80).contains("\"hidden\""))
    }
}

/// The query's items as they travel, percent-encoded.
private func wireQuery(_ url: URL) -> [Substring] {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery?.split(separator: "&") ?? []
}
