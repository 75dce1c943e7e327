import DemoServer
import Foundation
import PhotoramaKit
import Testing

/// The Flickr REST envelope, formats, parameter transports and errors.
@Suite struct FlickrEnvelopeTests {
    // MARK: - Photo lists
    @Test func getRecentPagesTheNewestThousandWithNumericTotal() async throws {
        try await withDemoServer { server in
            let first = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent")]))
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "application/json; charset=utf-8")
            let json = try first.json()
            #expect(try json.string("stat") == "ok")
            let photos = try json.object("photos")
            #expect(try photos.int("page") == 1)
            #expect(try photos.int("pages") == 10)
            #expect(try photos.int("perpage") == 100)
            #expect(try photos.int("total") == 1000)  // a number for getRecent
            let items = try photos.array("photo")
            #expect(items.count == 100)
            // Without extras, exactly the base fields.
            #expect(Set(items[0].keys) == ["id", "owner", "secret", "server", "farm", "title", "ispublic", "isfriend", "isfamily"])
            let ids = try items.map { try #require(UInt64($0.string("id"))) }
            #expect(ids == ids.sorted(by: >), "newest (largest id) first")
            #expect(try items[0].string("owner").range(of: #"^\d{8}@N0\d$"#, options: .regularExpression) != nil)

            let second = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("page", "2")])).json()
            let secondIDs = try second.object("photos").array("photo").map { try $0.string("id") }
            #expect(Set(secondIDs).isDisjoint(with: Set(ids.map(String.init))))

            let last = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("page", "11")])).json()
            #expect(try last.object("photos").array("photo").isEmpty)
        }
    }

    @Test func perPageIsCappedAt500() async throws {
        try await withDemoServer { server in
            let json = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "900")])).json()
            let photos = try json.object("photos")
            #expect(try photos.int("perpage") == 500)
            #expect(try photos.array("photo").count == 500)
            #expect(try photos.int("pages") == 2)
        }
    }

    @Test func onlyRequestedExtrasWithSizedURLsOnThisServer() async throws {
        try await withDemoServer { server in
            let json = try await Fetch.get(
                server.flickr([
                    ("method", "flickr.photos.getRecent"), ("per_page", "5"), ("extras", "url_z,url_sq,date_taken,geo"),
                ])
            ).json()
            for photo in try json.object("photos").array("photo") {
                let keys = Set(photo.keys)
                #expect(
                    keys.isSuperset(of: [
                        "url_z", "height_z", "width_z", "url_sq", "height_sq", "width_sq", "datetaken", "datetakengranularity", "latitude",
                        "longitude",
                    ]))
                #expect(keys.isDisjoint(with: ["tags", "description", "views", "url_l", "ownername", "dateupload"]))
                let url = try photo.string("url_z")
                let id = try photo.string("id")
                let secret = try photo.string("secret")
                let serverID = try photo.string("server")
                #expect(url == "http://127.0.0.1:\(server.port)/\(serverID)/\(id)_\(secret)_z.jpg")
                #expect(try photo.string("url_sq").hasSuffix("_s.jpg"))
                #expect(try photo.int("height_sq") == 75 && photo.int("width_sq") == 75)
                let width = try photo.int("width_z")
                let height = try photo.int("height_z")
                #expect(max(width, height) == 640)
                #expect(try photo.string("datetaken").range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"#, options: .regularExpression) != nil)
            }
        }
    }

    @Test func searchTotalIsAStringAndEveryHitContainsTheWord() async throws {
        try await withDemoServer { server in
            for word in ["sunset", "beach", "cat", "night", "street", "river", "bridge", "market"] {
                let json = try await Fetch.get(
                    server.flickr([
                        ("method", "flickr.photos.search"), ("text", word), ("per_page", "500"), ("extras", "description,tags"),
                    ])
                ).json()
                let photos = try json.object("photos")
                let total = try #require(Int(try photos.string("total")), "total must be a string of digits")
                #expect(total >= 300, "\(word) matches only \(total)")
                for photo in try photos.array("photo") {
                    let haystack = [
                        try photo.string("title"), try photo.object("description").string("_content"), try photo.string("tags"),
                    ]
                    .joined(separator: " ").lowercased()
                    #expect(haystack.contains(word), "\(word) not in \(haystack)")
                }
            }
        }
    }

    // MARK: - Formats and errors
    @Test func jsonWithoutNoJSONCallbackIsJSONP() async throws {
        try await withDemoServer { server in
            let response = try await Fetch.get(server.flickr([("method", "flickr.test.echo"), ("format", "json"), ("foo", "bar")]))
            #expect(response.text.hasPrefix("jsonFlickrApi({"))
            #expect(response.text.hasSuffix("})"))
            let inner = Array(response.body.dropFirst("jsonFlickrApi(".count).dropLast())
            let json = try FetchedResponse(status: 200, headers: [], body: inner).json()
            #expect(try json.object("foo").string("_content") == "bar")
            #expect(try json.string("stat") == "ok")
        }
    }

    @Test func restFormatIsFlickrXML() async throws {
        try await withDemoServer { server in
            let response = try await Fetch.get(
                server.flickr([("method", "flickr.photos.search"), ("text", "bridge"), ("per_page", "7"), ("format", "rest")]))
            #expect(response.header("Content-Type") == "text/xml; charset=utf-8")
            let text = response.text
            #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"ok\">\n<photos page=\"1\" pages=\""))
            #expect(text.components(separatedBy: "<photo id=\"").count - 1 == 7)
            #expect(text.hasSuffix("</photos>\n</rsp>\n"))

            let error = try await Fetch.get(server.flickr([("method", "flickr.photos.search"), ("format", "rest")], key: false)).text
            #expect(
                error
                    == "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"fail\">\n\t<err code=\"100\" msg=\"Invalid API Key (Key has invalid format)\" />\n</rsp>\n"
            )

            let noFormat = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1")], json: false)).text
            #expect(noFormat.contains("<rsp stat=\"ok\">"), "rest is the default format")
        }
    }

    @Test func errorsComeWithHTTP200AndFlickrCodes() async throws {
        try await withDemoServer { server in
            func fail(_ url: String) async throws -> (Int, String) {
                let response = try await Fetch.get(url)
                #expect(response.status == 200)
                let json = try response.json()
                #expect(try json.string("stat") == "fail")
                return (try json.int("code"), try json.string("message"))
            }
            let missingKey = try await fail(server.flickr([("method", "flickr.photos.getRecent")], key: false))
            #expect(missingKey == (100, "Invalid API Key (Key has invalid format)"))
            let unknownMethod = try await fail(server.flickr([("method", "flickr.photos.nope")]))
            #expect(unknownMethod == (112, "Method \"flickr.photos.nope\" not found"))
            let parameterless = try await fail(server.flickr([("method", "flickr.photos.search")]))
            #expect(parameterless.0 == 3)
            let unknownPhoto = try await fail(server.flickr([("method", "flickr.photos.getInfo"), ("photo_id", "123")]))
            #expect(unknownPhoto == (1, "Photo not found"))
            let unknownSizes = try await fail(server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", "abc")]))
            #expect(unknownSizes.0 == 1)
            let unknownComments = try await fail(server.flickr([("method", "flickr.photos.comments.getList"), ("photo_id", "1")]))
            #expect(unknownComments.0 == 1)
            let unknownUser = try await fail(server.flickr([("method", "flickr.people.getPublicPhotos"), ("user_id", "1@N01")]))
            #expect(unknownUser == (1, "User not found"))
            let unknownGallery = try await fail(server.flickr([("method", "flickr.galleries.getPhotos"), ("gallery_id", "1-2")]))
            #expect(unknownGallery == (1, "Invalid gallery ID"))
            let unknownSearchUser = try await fail(server.flickr([("method", "flickr.photos.search"), ("user_id", "1@N01")]))
            #expect(unknownSearchUser.0 == 2)

            let badFormat = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("format", "yaml")])).text
            #expect(badFormat.contains("<err code=\"111\" msg=\"Format &quot;yaml&quot; not found\" />"))
        }
    }

    // MARK: - POST and OAuth
    @Test func postFormBodyAndOAuthHeaderAreReadLikeFlickr() async throws {
        try await withDemoServer { server in
            let form = FormEncoding.encode([
                ("method", "flickr.test.echo"), ("api_key", DemoAPIKeys.flickr), ("format", "json"), ("nojsoncallback", "1"),
                ("greeting", "héllo wörld & 猫"),
            ])
            let posted = try await Fetch.post(server.flickrURL.absoluteString, form: form).json()
            #expect(try posted.string("stat") == "ok")
            #expect(try posted.object("greeting").string("_content") == "héllo wörld & 猫")
            #expect(try posted.object("method").string("_content") == "flickr.test.echo")

            // POST with parameters in the query string, key only in a signed OAuth header (as python flickrapi sends).
            let url =
                server.flickrURL.absoluteString + "?"
                + FormEncoding.encode([
                    ("method", "flickr.photos.getRecent"), ("per_page", "3"), ("format", "json"), ("nojsoncallback", "1"),
                ])
            // The signature is checked: a made-up one is refused with Flickr's code 96, a real one is answered.
            let forged =
                #"OAuth oauth_nonce="123", oauth_timestamp="\#(OAuthSigner.timestamp())", oauth_version="1.0", oauth_signature_method="HMAC-SHA1", oauth_consumer_key="\#(DemoAPIKeys.flickr)", oauth_signature="abc%3D""#
            let refused = try await Fetch.send(url, method: .POST, headers: [("Authorization", forged)], body: nil).json()
            #expect(try refused.string("stat") == "fail")
            #expect(try refused.int("code") == 96)
            #expect(try refused.string("message") == "Invalid signature")
            let consumer = OAuthCredentials(consumerKey: DemoAPIKeys.flickr, consumerSecret: DemoAPIKeys.flickrSecret)
            let request = OAuthSigning(credentials: consumer).sign(WebRequest(method: .post, url: try #require(URL(string: url))))
            let oauth = try #require(request.header("Authorization"))
            let signed = try await Fetch.send(url, method: .POST, headers: [("Authorization", oauth)], body: nil).json()
            #expect(try signed.object("photos").array("photo").count == 3)
        }
    }

    // MARK: - Describing one photo
    @Test func getInfoGetSizesAndCommentsDescribeOnePhoto() async throws {
        try await withDemoServer { server in
            let list = try await Fetch.get(
                server.flickr([
                    ("method", "flickr.photos.search"), ("text", "paris"), ("has_geo", "1"), ("per_page", "40"),
                    ("extras", "date_taken,owner_name"),
                ])
            ).json()
            let photos = try list.object("photos").array("photo")
            let photo = try #require(photos.first)
            let id = try photo.string("id")

            let info = try await Fetch.get(server.flickr([("method", "flickr.photos.getInfo"), ("photo_id", id)])).json().object("photo")
            #expect(try info.string("id") == id)
            #expect(try info.object("title").string("_content") == photo.string("title"))
            #expect(try info.object("owner").string("nsid") == photo.string("owner"))
            #expect(try info.object("owner").string("username") == photo.string("ownername"))
            #expect(try info.object("dates").string("taken") == photo.string("datetaken"))
            #expect(try info.object("urls").array("url").first?.string("type") == "photopage")
            #expect(try Double(info.object("location").string("latitude")) != nil)

            let sizes = try await Fetch.get(server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", id)])).json().object("sizes")
                .array("size")
            #expect(
                try sizes.map { try $0.string("label") } == [
                    "Square", "Large Square", "Thumbnail", "Small", "Small 320", "Medium", "Medium 640", "Medium 800", "Large",
                    "Large 1600", "Original",
                ])
            let edges = try sizes.map { max(try $0.int("width"), try $0.int("height")) }
            #expect(Array(edges.dropLast()) == [75, 150, 100, 240, 320, 500, 640, 800, 1024, 1600])
            // The original is the photo's own shape, at most 3000 px long (the smallest demo original is 1920).
            #expect((1920...3000).contains(edges.last ?? 0))

            // Some photos have comments, some have none; an empty list has no `comment` key.
            var sawComments = false
            var sawEmpty = false
            for candidate in photos {
                let comments = try await Fetch.get(
                    server.flickr([("method", "flickr.photos.comments.getList"), ("photo_id", try candidate.string("id"))])
                ).json().object("comments")
                #expect(try comments.string("photo_id") == candidate.string("id"))
                if let list = comments["comment"] as? [[String: Any]] {
                    sawComments = true
                    #expect(!list.isEmpty)
                    #expect(try !list[0].string("_content").isEmpty)
                    #expect(try Int(list[0].string("datecreate")) != nil)
                } else {
                    sawEmpty = true
                }
            }
            #expect(sawComments && sawEmpty)
        }
    }

    // MARK: - Galleries, people and places
    @Test func galleriesAndPeopleListTheirPhotos() async throws {
        try await withDemoServer { server in
            #expect(server.galleryIDs.count >= 5)
            let gallery = try await Fetch.get(
                server.flickr([("method", "flickr.galleries.getPhotos"), ("gallery_id", server.galleryIDs[0])])
            ).json().object("photos")
            #expect(try gallery.int("total") == 500)  // a number for galleries
            #expect(try gallery.int("pages") == 5)
            let items = try gallery.array("photo")
            #expect(try items[0].int("is_primary") == 1)
            #expect(try items[1].int("is_primary") == 0)
            #expect(items.allSatisfy { $0["has_comment"] is Int })

            let user = server.userIDs[0]
            let people = try await Fetch.get(
                server.flickr([("method", "flickr.people.getPublicPhotos"), ("user_id", user), ("per_page", "500")])
            ).json().object("photos")
            let total = try #require(Int(try people.string("total")))
            #expect(total >= 100)
            #expect(try people.array("photo").allSatisfy { try $0.string("owner") == user })
        }
    }

    @Test func placesFindMatchesCityNames() async throws {
        try await withDemoServer { server in
            let places = try await Fetch.get(server.flickr([("method", "flickr.places.find"), ("query", "Paris")])).json().object("places")
            let place = try #require(try places.array("place").first)
            #expect(try place.string("_content") == "Paris, Île-de-France, France")
            #expect(try place.string("latitude") == "48.8566")
            #expect(try place.string("place_type") == "locality")
            let france = try await Fetch.get(server.flickr([("method", "flickr.places.find"), ("query", "france")])).json().object("places")
            #expect(try france.array("place").map { try $0.string("woe_name") } == ["Paris", "Lyon", "Marseille", "Nice"])
        }
    }
}
