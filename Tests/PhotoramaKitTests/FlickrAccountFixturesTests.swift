import Foundation
import Testing

@testable import PhotoramaKit

/// Signed in: the account's methods refuse to be built without a token.
let signedFlickrAPI: FlickrAPI = {
    var api = FlickrAPI(apiKey: "SECRETKEY42")
    api.oauth = OAuthCredentials(
        consumerKey: "SECRETKEY42", consumerSecret: "consumer-secret", token: OAuthToken(token: "token", secret: "token-secret"))
    return api
}()

/// The signed-in methods against real recorded answers (janko/flickr-objects' cassettes, see
/// Fixtures/flickr/SOURCES.md): the same resources the demo server's answers go through.
@Suite struct FlickrAccountFixturesTests {
    var api: FlickrAPI { signedFlickrAPI }

    @Test("flickr.test.login: the account's NSID and user name")
    func testLogin() throws {
        let identity = try api.testLogin().parse(try FixtureFile.response("flickr/flickr_test_login_flickr-objects.0.json"))
        #expect(identity == FlickrIdentity(nsid: "78733179@N04", username: "@janko-m"))
    }

    @Test("flickr.people.getPhotos: without extras (total as a string), and with every extra")
    func mine() throws {
        let bare = try api.mine().parse(try FixtureFile.response("flickr/flickr_people_getPhotos_flickr-objects.0.json"))
        #expect(bare.items.map(\.id) == ["10100895983", "8130464513"])
        #expect(bare.items.map(\.title) == ["photo", "Hana"])
        #expect((bare.page, bare.pages, bare.total) == (1, 1, 2))
        let full = try api.mine().parse(try FixtureFile.response("flickr/flickr_people_getPhotos_flickr-objects.1.json"))
        #expect(full.items.map(\.id) == ["10115956703", "8130464513"])
        #expect(full.items.map(\.owner) == ["@janko-m", "@janko-m"])
        #expect(full.items.first?.description == "It's a photo")
        #expect(full.items.first?.location == GeoPoint(latitude: 45.807258, longitude: 15.967599))
        // Every url_* extra, in size-class order, with the file's widths (numbers or strings there).
        #expect(
            full.items.first?.images.map(\.size) == [
                .square75, .square150, .thumbnail100, .small240, .small320, .medium500, .medium640, .medium800, .large1024,
                .large1600, .large2048, .original,
            ])
        #expect(full.items.first?.images.map(\.width) == [75, 150, 100, 240, 320, 500, 640, 800, 1024, 1600, 2048, 2560])
    }

    @Test("flickr.photos.getContactsPhotos: per_page instead of perpage, total as a number")
    func contacts() throws {
        let bare = try api.contacts().parse(try FixtureFile.response("flickr/flickr_getContactsPhotos_flickr-objects.0.json"))
        #expect(bare.items.map(\.id) == ["8130464513"])
        #expect(bare.items.map(\.title) == ["Hana"])
        #expect(bare.total == 1)
        let full = try api.contacts().parse(try FixtureFile.response("flickr/flickr_getContactsPhotos_flickr-objects.1.json"))
        #expect(full.items.map(\.id) == ["10115956703", "8130464513"])
        #expect(full.items.map(\.title) == ["Jon Snow", "Photo"])
    }

    @Test("the request token answer: form-encoded, with the callback confirmed")
    func requestToken() throws {
        let auth = FlickrAuthAPI(consumerKey: "key", consumerSecret: "secret")
        let body = try FixtureFile.data("flickr/flickr_oauth_request_token_flickr-objects.0.txt")
        let token = try auth.requestToken().parse(WebResponse(status: 200, headers: [("Content-Type", "text/plain")], body: body))
        #expect(token == OAuthToken(token: "72157636219488963-fc87c7acaa3c170b", secret: "0baa4cc1b6d8d969"))
    }
}

/// The public methods of issue 30 against real recorded answers too (janko/flickr-objects), beside Flickr's
/// documentation examples in Fixtures/flickr-docs.
@Suite struct FlickrPublicRecordingsTests {
    let api = FlickrAPI(apiKey: "SECRETKEY42")

    @Test("photos.getExif of a photo whose EXIF is colour data only: shown, with no camera field")
    func exifWithoutCameraFields() throws {
        let answer = try api.exif(id: "8130464513").parse(try FixtureFile.response("flickr/flickr_getExif_flickr-objects.0.json"))
        #expect(answer == .shown(PhotoExif()))
    }

    @Test("photos.licenses.getInfo as Flickr sent it in 2013: nine licences, out of id order, All Rights Reserved without address")
    func licenses() throws {
        let licenses = try api.licenses().parse(try FixtureFile.response("flickr/flickr_licenses_getInfo_flickr-objects.0.json"))
        #expect(licenses.map(\.id) == [0, 4, 6, 3, 2, 1, 5, 7, 8])
        #expect(licenses.first == PhotoLicense(id: 0, name: "All Rights Reserved", url: nil))
        #expect(
            licenses.first { $0.id == 5 }
                == PhotoLicense(
                    id: 5, name: "Attribution-ShareAlike License", url: URL(string: "https://creativecommons.org/licenses/by-sa/2.0/")))
    }

    @Test("photosets.getList and getPhotos: the album, and its photos with every extra")
    func albums() throws {
        let albums = try api.albums(userID: "78733179@N04").parse(
            try FixtureFile.response("flickr/flickr_photosets_getList_flickr-objects.0.json"))
        #expect(albums == [FlickrAlbum(id: "72157636215603524", title: "Set", photoCount: 1, ownerNSID: nil)])
        let page = try api.album(id: "72157636248463994").parse(
            try FixtureFile.response("flickr/flickr_photosets_getPhotos_flickr-objects.1.json"))
        #expect(page.items.map(\.id) == ["10115956703"])
        #expect(page.items.map(\.title) == ["Jon Snow"])
        #expect(page.total == 1)
    }
}

@Suite struct FlickrGroupsParsingTests {
    var api: FlickrAPI { signedFlickrAPI }

    @Test(
        "people.getGroups as Flickr's documentation shows it (in JSON form); counts as strings or numbers, entries without an NSID left out"
    )
    func groups() throws {
        let body = #"""
            {"groups":{"group":[
              {"nsid":"17274427@N00","name":"Cream of the Crop - Please read the rules","iconfarm":1,"iconserver":"1","admin":0,
               "eighteenplus":0,"invitation_only":0,"members":"11935","pool_count":"12522"},
              {"nsid":"20083316@N00","name":"Apple","members":11776,"pool_count":62438},
              {"name":"no id"},{"nsid":"not-an-id","name":"bad"}]},"stat":"ok"}
            """#
        let groups = try api.myGroups().parse(FixtureFile.json(body))
        #expect(
            groups == [
                FlickrGroup(id: "17274427@N00", name: "Cream of the Crop - Please read the rules", photoCount: 12522, members: 11935),
                FlickrGroup(id: "20083316@N00", name: "Apple", photoCount: 62438, members: 11776),
            ])
        #expect(try api.myGroups().parse(FixtureFile.json(#"{"groups":{},"stat":"ok"}"#)) == [])
        #expect(throws: PhotoramaError.invalidData("groups: missing")) { try api.myGroups().parse(FixtureFile.json(#"{"stat":"ok"}"#)) }
        #expect(throws: FlickrAPI.notSignedIn) { try FlickrAPI(apiKey: "k").myGroups() }
    }
}
