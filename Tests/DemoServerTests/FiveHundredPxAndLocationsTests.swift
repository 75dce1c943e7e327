import DemoServer
import Foundation
import Testing

/// The 500px v1 API and the locations service.
@Suite struct FiveHundredPxAndLocationsTests {
    func px(_ server: RunningDemoServer, _ path: String, _ query: [(String, String)] = [], key: Bool = true) -> String {
        let items = query + (key ? [("consumer_key", DemoAPIKeys.px500)] : [])
        return server.px500URL.absoluteString + path + (items.isEmpty ? "" : "?" + FormEncoding.encode(items))
    }

    @Test func popularFeedPagesWithRppAtMost100() async throws {
        try await withDemoServer { server in
            let response = try await Fetch.get(px(server, "/photos", [("feature", "popular"), ("page", "1"), ("rpp", "50")]))
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try response.json()
            #expect(try json.string("feature") == "popular")
            #expect(try json.int("current_page") == 1)
            #expect(try json.int("total_items") == 600)
            #expect(try json.int("total_pages") == 12)
            let photos = try json.array("photos")
            #expect(photos.count == 50)
            let photo = photos[0]
            #expect(photo["id"] is Int)
            #expect(photo["nsfw"] is Bool)
            #expect(photo["image_url"] is String, "one size: a string")
            #expect(try photo.array("images").first?.string("url").hasPrefix("http://127.0.0.1:\(server.port)/px500/") == true)
            #expect(try photo.object("user").string("username").isEmpty == false)

            let capped = try await Fetch.get(px(server, "/photos", [("feature", "popular"), ("rpp", "500")])).json()
            #expect(try capped.array("photos").count == 100)
            #expect(try capped.int("total_pages") == 6)

            var nsfw = 0
            for page in 1...6 {
                let all = try await Fetch.get(px(server, "/photos", [("feature", "popular"), ("rpp", "100"), ("page", String(page))]))
                    .json()
                nsfw += try all.array("photos").filter { $0["nsfw"] as? Bool == true }.count
            }
            #expect(nsfw > 0 && nsfw < 100)

            let sizes = try await Fetch.get(px(server, "/photos", [("feature", "popular"), ("rpp", "1"), ("image_size", "3,4")])).json()
            let twoSizes = try #require(try sizes.array("photos").first)
            #expect((twoSizes["image_url"] as? [String])?.count == 2, "several sizes: an array")
            #expect(try twoSizes.array("images").map { try $0.int("size") } == [3, 4])
        }
    }

    @Test func missingConsumerKeyIs401AndUnknownPhotoIs404() async throws {
        try await withDemoServer { server in
            let unauthorized = try await Fetch.get(px(server, "/photos", [("feature", "popular")], key: false))
            #expect(unauthorized.status == 401)
            #expect(unauthorized.text == #"{"status":401,"error":"Consumer key missing."}"#)
            let missing = try await Fetch.get(px(server, "/photos/42"))
            #expect(missing.status == 404)
            #expect(try missing.json().int("status") == 404)
            let notANumber = try await Fetch.get(px(server, "/photos/abc/comments"))
            #expect(notANumber.status == 404)
        }
    }

    @Test func onePhotoWithCommentPages() async throws {
        try await withDemoServer { server in
            let list = try await Fetch.get(px(server, "/photos", [("rpp", "100")])).json().array("photos")
            let busy = try #require(list.first { ($0["comments_count"] as? Int ?? 0) > 20 })
            let id = try busy.int("id")
            let count = try busy.int("comments_count")

            let detail = try await Fetch.get(px(server, "/photos/\(id)", [("image_size", "4"), ("comments", "1"), ("comments_page", "2")]))
                .json()
            #expect(try detail.object("photo").int("id") == id)
            #expect(try detail.array("comments").count == min(20, count - 20))
            let plain = try await Fetch.get(px(server, "/photos/\(id)")).json()
            #expect(try plain.array("comments").isEmpty)

            let first = try await Fetch.get(px(server, "/photos/\(id)/comments", [("page", "1")])).json()
            #expect(try first.string("media_type") == "photo")
            #expect(try first.int("total_items") == count)
            #expect(try first.int("total_pages") == (count + 19) / 20)
            let comments = try first.array("comments")
            #expect(comments.count == 20)
            #expect(try !comments[0].string("body").isEmpty)
            #expect(comments[0]["parent_id"] is NSNull)
            #expect(try comments[0].object("user")["id"] is Int)
            // The comment pages and the photo's `comments` agree.
            let second = try await Fetch.get(px(server, "/photos/\(id)/comments", [("page", "2")])).json()
            #expect(try second.array("comments").map { try $0.int("id") } == detail.array("comments").map { try $0.int("id") })
        }
    }

    @Test func locationsByCountryPrefixAndCatalogByTitlePrefix() async throws {
        try await withDemoServer { server in
            let base = server.locationsURL.absoluteString
            let france = try await Fetch.get(base + "/locations?country=fr")
            #expect(france.header("Content-Type")?.hasPrefix("application/json") == true)
            let places = try france.jsonArray()
            #expect(places.count == 3)
            #expect(try places.allSatisfy { try $0.string("country") == "France" })
            #expect(Set(places[0].keys) == ["street_address", "city", "country", "emoji", "hours"])
            for country in ["America", "AUSTRALIA", "germany", "Japan"] {
                let found = try await Fetch.get(base + "/locations?country=\(country)").jsonArray()
                #expect(found.count >= 2, "\(country)")
            }
            #expect(try await Fetch.get(base + "/locations?country=zz").text == "[]")

        }
    }
}
