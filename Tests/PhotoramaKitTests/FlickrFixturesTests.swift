import Foundation
import Testing

@testable import PhotoramaKit

/// Loads the recorded responses copied into Fixtures/ (see Fixtures/flickr/SOURCES.md).
enum FixtureFile {
    static func data(_ path: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(path)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    static func response(_ path: String, status: Int = 200) throws -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "application/json")], body: try data(path))
    }

    static func json(_ text: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }
}

/// Query items of a request URL, sorted, for exact comparison.
func sortedQueryItems(_ url: URL) -> [String] {
    QueryEncoding.items(of: url).map { "\($0.0)=\($0.1)" }.sorted()
}

/// The URL without its query.
func urlWithoutQuery(_ url: URL) -> String {
    url.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
}

@Suite struct FlickrFixturesTests {
    @Test func everyCopiedFixtureIsByteForByteTheSharedRecordingWithItsAttribution() throws {
        let sources = String(decoding: try FixtureFile.data("flickr/SOURCES.md"), as: UTF8.self)
        #expect(sources.contains("MIT License"))
        for name in ["flickr_getRecent_flickr-objects.1.json", "flickr_getInfo_eol.json", "flickr_getSizes_flickrex.json"] {
            #expect(sources.contains(name))
            let shared = URL(fileURLWithPath: "/work/shared/fixtures/flickr/\(name)")
            if let original = try? Data(contentsOf: shared) {
                #expect(try FixtureFile.data("flickr/\(name)") == original)
            }
        }
    }
}
