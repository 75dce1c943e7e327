import Foundation
import PhotoramaText
import Testing

@testable import PhotoramaKit

enum OutputSamples {
    static let kyoto = Photo(
        provider: .flickr, id: "10101747234", title: "Kyoto 夕焼け 🌅", owner: "Thibaut Blancheteau",
        ownerID: "103492244@N04", taken: LocalDateTime(year: 2013, month: 10, day: 5, hour: 20, minute: 30, second: 27),
        images: [
            PhotoImage(
                size: .square75, url: URL(string: "https://live.staticflickr.com/7458/10101747234_47a50de040_s.jpg")!, width: 75, height: 75
            ),
            PhotoImage(
                size: .large1600, url: URL(string: "https://live.staticflickr.com/7458/10101747234_864e5dc847_h.jpg")!, width: 899,
                height: 1600),
        ],
        pageURL: URL(string: "https://www.flickr.com/photos/103492244@N04/10101747234/"),
        location: GeoPoint(latitude: 34.980152, longitude: 135.748), tags: ["kyoto", "sunset"], views: 12)
    static let hostile = Photo(provider: .fiveHundredPx, id: "1002", title: "Line\u{1B}[31mred\nnext\u{202E}")
    static let photos = [kyoto, hostile]
}

@Suite struct OutputFormatterTests {
    // MARK: - Photos
    @Test func photosAsJSON() throws {
        let text = OutputFormatter.photos(OutputSamples.photos, format: .json, width: 80)
        #expect(
            text == #"""
                [
                  {
                    "height": 1600,
                    "id": "10101747234",
                    "imageURL": "https://live.staticflickr.com/7458/10101747234_864e5dc847_h.jpg",
                    "latitude": 34.980152,
                    "license": null,
                    "licenseID": null,
                    "licenseURL": null,
                    "longitude": 135.748,
                    "owner": "Thibaut Blancheteau",
                    "pageURL": "https://www.flickr.com/photos/103492244@N04/10101747234/",
                    "provider": "flickr",
                    "tags": [
                      "kyoto",
                      "sunset"
                    ],
                    "taken": "2013-10-05T20:30:27",
                    "title": "Kyoto 夕焼け 🌅",
                    "views": 12,
                    "width": 899
                  },
                  {
                    "height": null,
                    "id": "1002",
                    "imageURL": null,
                    "latitude": null,
                    "license": null,
                    "licenseID": null,
                    "licenseURL": null,
                    "longitude": null,
                    "owner": "",
                    "pageURL": null,
                    "provider": "500px",
                    "tags": [],
                    "taken": null,
                    "title": "Line\u001b[31mred\nnext\u202e",
                    "views": null,
                    "width": null
                  }
                ]

                """#)
        // Valid JSON with exactly the promised keys, and the hostile title survives the round trip.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let keys: Set<String> = [
            "provider", "id", "title", "owner", "taken", "imageURL", "pageURL", "width", "height",
            "latitude", "longitude", "views", "tags", "license", "licenseID", "licenseURL",
        ]
        #expect(parsed.allSatisfy { Set($0.keys) == keys })
        #expect(parsed[1]["title"] as? String == OutputSamples.hostile.title)
        #expect(OutputFormatter.photos([], format: .json, width: 80) == "[]\n")
    }

    @Test func photosAsTableAt80() {
        #expect(
            OutputFormatter.photos(OutputSamples.photos, format: .table, width: 80) == """
                ID           TAKEN             OWNER                TITLE
                10101747234  2013-10-05 20:30  Thibaut Blancheteau  Kyoto 夕焼け 🌅
                1002                                                Linered next

                """)
    }

    @Test func photosAsTableShrinkTitleAndOwnerFirst() {
        let text = OutputFormatter.photos(OutputSamples.photos, format: .table, width: 60)
        #expect(
            text == """
                ID           TAKEN             OWNER          TITLE
                10101747234  2013-10-05 20:30  Thibaut Blan…  Kyoto 夕焼け …
                1002                                          Linered next

                """)
        #expect(text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() == 60)
    }

    @Test(arguments: [30, 20, 12, 1])
    func photosAsTableNeverExceedTheWidth(width: Int) {
        let text = OutputFormatter.photos(OutputSamples.photos, format: .table, width: width)
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
    }

    @Test func photosAsTableOnAVeryNarrowTerminal() {
        #expect(
            OutputFormatter.photos(OutputSamples.photos, format: .table, width: 30) == """
                ID      TAKEN   OWNER   TITLE
                10101…  2013-…  Thiba…  Kyoto…
                1002                    Liner…

                """)
    }

    @Test func photosAsIDs() {
        #expect(OutputFormatter.photos(OutputSamples.photos, format: .ids, width: 80) == "10101747234\n1002\n")
        #expect(OutputFormatter.photos([], format: .ids, width: 80) == "")
    }

    // MARK: - Photo detail
    static let detail = PhotoDetail(
        photo: OutputSamples.kyoto, ownerUsername: "tblanch", commentCount: 3,
        uploaded: Date(timeIntervalSince1970: 1_380_989_214), placeName: "Kyoto, Japan")

    @Test func detailAsTable() {
        var detail = Self.detail
        detail.photo.description = "First line\nSecond line is long enough to be cut at sixty columns wide, surely"
        #expect(
            OutputFormatter.detail(detail, format: .table, width: 60) == """
                FIELD        VALUE
                Provider     Flickr
                ID           10101747234
                Title        Kyoto 夕焼け 🌅
                Owner        Thibaut Blancheteau (tblanch)
                Taken        2013-10-05 20:30
                Uploaded     2013-10-05 16:06 UTC
                Location     34.9802, 135.748
                Place        Kyoto, Japan
                Views        12
                Comments     3
                Tags         kyoto sunset
                Size         899×1600
                Image        https://live.staticflickr.com/7458/10101747234…
                Page         https://www.flickr.com/photos/103492244@N04/10…
                Description  First line
                             Second line is long enough to be cut at sixty …

                """)
    }

    @Test func detailAsJSONAndIDs() {
        #expect(
            OutputFormatter.detail(Self.detail, format: .json, width: 60) == #"""
                {
                  "camera": null,
                  "commentCount": 3,
                  "creatorURL": null,
                  "description": "",
                  "height": 1600,
                  "id": "10101747234",
                  "imageURL": "https://live.staticflickr.com/7458/10101747234_864e5dc847_h.jpg",
                  "images": [
                    {
                      "height": 75,
                      "size": "sq",
                      "url": "https://live.staticflickr.com/7458/10101747234_47a50de040_s.jpg",
                      "width": 75
                    },
                    {
                      "height": 1600,
                      "size": "h",
                      "url": "https://live.staticflickr.com/7458/10101747234_864e5dc847_h.jpg",
                      "width": 899
                    }
                  ],
                  "latitude": 34.980152,
                  "lens": null,
                  "license": null,
                  "licenseID": null,
                  "licenseURL": null,
                  "longitude": 135.748,
                  "owner": "Thibaut Blancheteau",
                  "ownerLocation": null,
                  "ownerRealName": null,
                  "ownerUsername": "tblanch",
                  "pageURL": "https://www.flickr.com/photos/103492244@N04/10101747234/",
                  "placeName": "Kyoto, Japan",
                  "provider": "flickr",
                  "rating": null,
                  "source": null,
                  "tags": [
                    "kyoto",
                    "sunset"
                  ],
                  "taken": "2013-10-05T20:30:27",
                  "title": "Kyoto 夕焼け 🌅",
                  "uploaded": "2013-10-05T16:06:54Z",
                  "views": 12,
                  "voteCount": null,
                  "width": 899
                }

                """#)
        #expect(OutputFormatter.detail(Self.detail, format: .ids, width: 60) == "10101747234\n")
    }

    // MARK: - Comments
    static let comments = [
        PhotoComment(
            id: "c1", author: "EncyclopediaOfLife", authorID: "59129167@N06", date: Date(timeIntervalSince1970: 1_302_715_809),
            text: "This comment is used for\ntesting", permalink: URL(string: "https://www.flickr.com/photos/x/1/#c1")),
        PhotoComment(id: "c2", author: "李小龍", text: ""),
    ]

    @Test func commentsInEveryFormat() {
        #expect(
            OutputFormatter.comments(Self.comments, format: .table, width: 50) == """
                DATE                  AUTHOR         COMMENT
                2011-04-13 17:30 UTC  Encyclopedia…  This comment…
                                      李小龍

                """)
        #expect(
            OutputFormatter.comments(Self.comments, format: .json, width: 50) == #"""
                [
                  {
                    "author": "EncyclopediaOfLife",
                    "authorID": "59129167@N06",
                    "date": "2011-04-13T17:30:09Z",
                    "id": "c1",
                    "permalink": "https://www.flickr.com/photos/x/1/#c1",
                    "text": "This comment is used for\ntesting"
                  },
                  {
                    "author": "李小龍",
                    "authorID": null,
                    "date": null,
                    "id": "c2",
                    "permalink": null,
                    "text": ""
                  }
                ]

                """#)
        #expect(OutputFormatter.comments(Self.comments, format: .ids, width: 50) == "c1\nc2\n")
    }

    // MARK: - Locations
    static let locations = [
        LibraryLocation(streetAddress: "Unter den Linden 8", city: "Berlin", country: "Germany", emoji: "🇩🇪", hours: "8am–7pm")
    ]

    @Test func locationsInEveryFormat() {
        #expect(
            OutputFormatter.locations(Self.locations, format: .table, width: 80) == """
                    CITY    ADDRESS             COUNTRY  HOURS
                🇩🇪  Berlin  Unter den Linden 8  Germany  8am–7pm

                """)
        #expect(
            OutputFormatter.locations(Self.locations, format: .json, width: 80) == #"""
                [
                  {
                    "city": "Berlin",
                    "country": "Germany",
                    "emoji": "🇩🇪",
                    "hours": "8am–7pm",
                    "street_address": "Unter den Linden 8"
                  }
                ]

                """#)
        #expect(OutputFormatter.locations(Self.locations, format: .ids, width: 80) == "Unter den Linden 8\n")
    }

}
