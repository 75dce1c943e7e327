import Foundation
import Testing

@testable import DemoServer

/// photos.search: geo against a brute-force distance check, the 4,000-result cap, sort orders.
@Suite struct FlickrSearchTests {
    /// Independent haversine, so the test does not trust the server's own.
    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = Double.pi / 180
        let a = pow(sin((lat2 - lat1) * r / 2), 2) + cos(lat1 * r) * cos(lat2 * r) * pow(sin((lon2 - lon1) * r / 2), 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(a)))
    }

    /// Every page of a search, following `pages`.
    static func allPages(_ server: RunningDemoServer, _ parameters: [(String, String)]) async throws -> [[String: Any]] {
        var page = 1
        var photos: [[String: Any]] = []
        while true {
            let json = try await Fetch.get(server.flickr(parameters + [("page", String(page)), ("per_page", "250")])).json().object(
                "photos")
            photos += try json.array("photo")
            if page >= (try json.int("pages")) { break }
            page += 1
        }
        return photos
    }

    /// Flickr's text search knows British and American spellings as one word; so does the demo's
    /// (`SpellingVariants`): "harbour" and "harbor" find exactly the photos with either in their text.
    @Test func bothSpellingsOfAWordFindTheSamePhotos() async throws {
        let catalog = DemoCatalog(seed: 1)
        func mentionsHarbour(_ photo: DemoPhoto) -> Bool {
            var words: [String] = TextTokens.tokens(photo.title)
            for tag in photo.tags { words += TextTokens.tokens(tag) }
            words += TextTokens.tokens(photo.description)
            return words.contains("harbor") || words.contains("harbour")
        }
        let expected = Set(catalog.photos.filter(mentionsHarbour).map(\.idString))
        #expect(expected.count >= 10)
        try await withDemoServer { server in
            for word in ["harbour", "harbor", "Harbour"] {
                let photos = try await Self.allPages(server, [("method", "flickr.photos.search"), ("text", word)])
                #expect(Set(try photos.map { try $0.string("id") }) == expected, "\(word)")
            }
        }
        #expect(SpellingVariants.spellings(of: "colour") == ["colour", "color"])
        #expect(SpellingVariants.spellings(of: "color") == ["colour", "color"])
        #expect(SpellingVariants.spellings(of: "sunset") == ["sunset"])
    }

    @Test func postingListsUniteInOrderWithBothWeights() {
        // Photo index in the high bits, weight in the low four: 0x14 is photo 1, weight 4.
        let first: [UInt32] = [0x14, 0x31, 0x92]
        let second: [UInt32] = [0x12, 0x21]
        let united: [UInt32] = [0x16, 0x21, 0x31, 0x92]
        #expect(FlickrSearch.union(first, second) == united)
        #expect(FlickrSearch.union([], second) == second)
    }

    @Test(arguments: [("km", 2.5), ("mi", 1.5)])
    func radialSearchFindsExactlyThePhotosWithinTheRadiusNearestFirst(units: String, radius: Double) async throws {
        let (latitude, longitude) = (48.8584, 2.2945)  // Eiffel Tower
        let radiusKm = units == "mi" ? radius * 1.609344 : radius
        let catalog = DemoCatalog(seed: 1)
        let expected = Set(
            catalog.photos.filter { $0.hasGeo && Self.distanceKm(latitude, longitude, $0.latitude, $0.longitude) <= radiusKm }.map(
                \.idString))
        #expect(expected.count >= 50, "a dense city should have many photos within \(radius) \(units)")

        try await withDemoServer { server in
            let photos = try await Self.allPages(
                server,
                [
                    ("method", "flickr.photos.search"), ("lat", "48.8584"), ("lon", "2.2945"), ("radius", String(radius)),
                    ("radius_units", units), ("extras", "geo"),
                ])
            let ids = try photos.map { try $0.string("id") }
            #expect(Set(ids) == expected)
            #expect(ids.count == expected.count, "no duplicates across pages")
            let distances = photos.map {
                Self.distanceKm(latitude, longitude, $0["latitude"] as? Double ?? 0, $0["longitude"] as? Double ?? 0)
            }
            #expect(distances == distances.sorted(), "sorted by distance")
        }
    }

    @Test func geoAndTextCombine() async throws {
        try await withDemoServer { server in
            let photos = try await Self.allPages(
                server,
                [
                    ("method", "flickr.photos.search"), ("text", "bridge"), ("lat", "35.6762"), ("lon", "139.6503"), ("radius", "8"),
                    ("extras", "geo,tags,description"),
                ])
            #expect(!photos.isEmpty)
            for photo in photos {
                let distance = Self.distanceKm(35.6762, 139.6503, photo["latitude"] as? Double ?? 0, photo["longitude"] as? Double ?? 0)
                #expect(distance <= 8)
                let text = [try photo.string("title"), try photo.string("tags"), try photo.object("description").string("_content")].joined(
                    separator: " "
                ).lowercased()
                #expect(text.contains("bridge"))
            }
        }
    }

    @Test func searchStopsAtTheFourThousandthResult() async throws {
        try await withDemoServer { server in
            func search(page: Int) async throws -> [String: Any] {
                try await Fetch.get(
                    server.flickr([
                        ("method", "flickr.photos.search"), ("min_upload_date", "1"), ("per_page", "500"), ("page", String(page)),
                    ])
                ).json()
            }
            let eighth = try await search(page: 8).object("photos")
            #expect(try eighth.string("total") == "20000")
            #expect(try eighth.int("pages") == 8, "pages only reach the 4,000th result")
            #expect(try eighth.array("photo").count == 500)
            let ninth = try await search(page: 9)
            #expect(try ninth.string("stat") == "fail")
            #expect(try ninth.int("code") == 20)
            #expect(try ninth.string("message") == "Excessive photo offset in search")
        }
    }

    @Test func sortOrders() async throws {
        try await withDemoServer { server in
            func page(_ sort: String?, extras: String = "date_taken,date_upload,views") async throws -> [[String: Any]] {
                var parameters = [("method", "flickr.photos.search"), ("text", "river"), ("per_page", "200"), ("extras", extras)]
                if let sort { parameters.append(("sort", sort)) }
                return try await Fetch.get(server.flickr(parameters)).json().object("photos").array("photo")
            }
            let posted = try await page(nil).map { try Int($0.string("dateupload")) ?? 0 }
            #expect(posted == posted.sorted(by: >), "date-posted-desc is the default")
            let postedAscending = try await page("date-posted-asc").map { try Int($0.string("dateupload")) ?? 0 }
            #expect(postedAscending == postedAscending.sorted())
            let taken = try await page("date-taken-desc").map { try $0.string("datetaken") }
            #expect(taken == taken.sorted(by: >))
            let interesting = try await page("interestingness-desc").map { try $0.string("id") }
            #expect(Set(interesting) != Set(try await page(nil).map { try $0.string("id") }), "interestingness picks different photos")
            let relevant = try await page("relevance", extras: "tags")
            let titles = try relevant.prefix(10).map { try $0.string("title").lowercased() }
            #expect(titles.allSatisfy { $0.contains("river") }, "title matches rank first: \(titles)")
        }
    }

    @Test func accentsAndScriptsAreSearchable() async throws {
        try await withDemoServer { server in
            func total(_ text: String) async throws -> Int {
                Int(
                    try await Fetch.get(server.flickr([("method", "flickr.photos.search"), ("text", text)])).json().object("photos").string(
                        "total")) ?? -1
            }
            let accented = try await total("marché")
            let folded = try await total("marche")
            let japanese = try await total("夕焼け")
            let hebrew = try await total("שקיעה")
            let arabic = try await total("غروب")
            let nothing = try await total("xyzzy")
            #expect(accented > 0)
            #expect(folded >= accented, "accent-folded search finds at least as many")
            #expect(japanese > 0 && hebrew > 0 && arabic > 0)
            #expect(nothing == 0)
        }
    }
}
