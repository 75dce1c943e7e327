import Foundation
import Testing

@testable import PhotoramaKit

/// The byte reader of the locations service's lists gives what the JSON tree gives (a nil from it means
/// the tree was asked).
@Suite struct LocationsListReaderTests {
    func api(_ reading: ListReading, mode: ParseMode = .tolerant) -> LocationsAPI {
        var api = LocationsAPI(baseURL: URL(fileURLWithPath: "/"), parseMode: mode)
        api.listReading = reading
        return api
    }

    func results(_ body: String, _ reading: ListReading, mode: ParseMode = .tolerant) throws -> Result<[LibraryLocation], PhotoramaError> {
        let response = FixtureFile.json(body)
        let locations = try #require(try api(reading, mode: mode).locations(country: "x"))
        return Result { () throws(PhotoramaError) in try locations.parse(response) }
    }

    @Test func theServicesShapeIsReadFromTheBytes() throws {
        let body = #"""
            [{"street_address":"Unter den Linden 8","city":"Berlin","country":"Germany","emoji":"🇩🇪","hours":"8am–7pm","id":3},
             {"street_address":"Marienplatz 1","city":"M\u00fcnchen","country":"Germany","emoji":null}]
            """#
        let read = LocationsListReader.list(
            FixtureFile.json(body), fields: LocationsParser.locationKeys, mode: .strict, entry: LocationsParser.location)
        #expect(
            read == [
                LibraryLocation(streetAddress: "Unter den Linden 8", city: "Berlin", country: "Germany", emoji: "🇩🇪", hours: "8am–7pm"),
                LibraryLocation(streetAddress: "Marienplatz 1", city: "München", country: "Germany", emoji: "", hours: ""),
            ])
    }

    /// Every shape, the tree's own errors included, gives the same result both ways, in both modes.
    @Test(arguments: [
        #"[{"street_address":"A 1","city":"B"},{"country":"only"},7,{"title":"T","year":2001.0}]"#,
        #"[{"city":["x"],"street_address":{"a":1}},{"title":["t"]},{"title":"  "}]"#,
        #"[{"city":"x","city":"y"}]"#,
        #"[{"\u0063ity":"x"}]"#,
        #"[{"year":1e3,"title":"t","city":"c"}]"#,
        #"[] x"#,
        #"{"error":"not a list"}"#,
        #"[]"#,
        #"[null,"x"]"#,
    ])
    func readerAndTreeAgree(_ body: String) throws {
        for mode in [ParseMode.tolerant, .strict] {
            #expect(try results(body, .bytes, mode: mode) == results(body, .tree, mode: mode))
        }
    }

    @Test func errorsAndUnsureFormsAreLeftToTheTree() {
        for body in [#"[{"city":"x","city":"y"}]"#, #"[{"\u0063ity":"x"}]"#, #"{"a":1}"#, #"[null]"#, "<html>"] {
            #expect(
                LocationsListReader.list(
                    FixtureFile.json(body), fields: LocationsParser.locationKeys, mode: .tolerant, entry: LocationsParser.location)
                    == nil, "\(body)")
        }
    }
}
