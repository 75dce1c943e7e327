import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct LocationsTests {
    let api = LocationsAPI(baseURL: URL(string: "http://127.0.0.1:3000")!)

    @Test func locationsRequest() throws {
        let resource = try #require(try api.locations(country: " United K "))
        #expect(resource.request.method == .get)
        #expect(resource.request.url.absoluteString == "http://127.0.0.1:3000/locations?country=United%20K")
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func blankQueriesHaveNoRequest(query: String) throws {
        #expect(try api.locations(country: query) == nil)
    }

    @Test func parsesLocationsWithTheServiceKeys() throws {
        let resource = try #require(try api.locations(country: "Ger"))
        let body = #"""
            [{"street_address":"Unter den Linden 8","city":"Berlin","country":"Germany","emoji":"🇩🇪","hours":"8am–7pm"},
             {"street_address":"Marienplatz 1","city":"München","country":"Germany","emoji":null},
             {"country":"Germany"}]
            """#
        let locations = try resource.parse(FixtureFile.json(body))
        #expect(
            locations == [
                LibraryLocation(streetAddress: "Unter den Linden 8", city: "Berlin", country: "Germany", emoji: "🇩🇪", hours: "8am–7pm"),
                LibraryLocation(streetAddress: "Marienplatz 1", city: "München", country: "Germany", emoji: "", hours: ""),
            ])
        var strict = api
        strict.parseMode = .strict
        #expect(throws: PhotoramaError.invalidData("[2]: unreadable entry")) {
            try #require(try strict.locations(country: "Ger")).parse(FixtureFile.json(body))
        }
    }

    @Test func emptyAnswerAndErrors() throws {
        let resource = try #require(try api.locations(country: "Atlantis"))
        #expect(try resource.parse(FixtureFile.json("[]")) == [])
        #expect(throws: PhotoramaError.httpStatus(300)) { try resource.parse(FixtureFile.json("[]", status: 300)) }
        #expect(throws: PhotoramaError.httpStatus(500)) { try resource.parse(WebResponse(status: 500)) }
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html")) {
            try resource.parse(WebResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("<p>hi</p>".utf8)))
        }
        #expect(throws: PhotoramaError.invalidData("expected a JSON array")) { try resource.parse(FixtureFile.json("{}")) }
    }

}
