import Foundation
import PhotoramaLocking
import Testing

@testable import DemoServer

/// A search's words looked up one by one (`WordPostings`, before the whole word index is built) against the
/// index: the same postings for every word, and the same bytes for the pages of searches.
@Suite(.serialized) struct WordPostingsTests {
    /// Words of the eager build's index (a spread of them and some chosen), and words in no photo.
    static func words(_ index: [String: [UInt32]]) -> [String] {
        let sorted = index.keys.sorted()
        let spread = stride(from: 0, to: sorted.count, by: max(1, sorted.count / 40)).map { sorted[$0] }
        return spread + ["sunset", "paris", "cafe", "café", "img", "7", "a", "taken", "夜", "harbour", "harbor", "nowhereword", "zz9"]
    }

    /// For seeds 1 and 42: each word's postings from drawn photos and from the eager build's photos (given their
    /// strings) against the eager build's index (the old code, kept verbatim); the words that differ.
    @Test(arguments: [UInt64(1), 42])
    func eachWordsPostingsAreTheWholeIndexs(seed: UInt64) async {
        let differing = await OwnThread.run { () -> [String] in
            let eager = EagerReferenceCatalog(seed: seed)
            let drawn = DemoCatalog(seed: seed).photos.all
            var differing: [String] = []
            for word in Self.words(eager.textIndex) {
                let expected = eager.textIndex[word]
                if WordPostings.of(word, in: drawn) != expected { differing.append("drawn \(word)") }
                if WordPostings.of(word, in: eager.photos) != expected { differing.append("given \(word)") }
            }
            return differing
        }
        #expect(differing == [])
        // The chosen words in no photo have no postings, as the index has no entry for them.
        #expect(WordPostings.of("nowhereword", in: DemoCatalog(seed: seed).photos.all) == nil)
    }

    static let base = "http://127.0.0.1:4321"

    /// Pages of Commons and Flickr text searches from a fresh catalog (words looked up one by one) and from one
    /// whose whole index was built first: the requests answered differently.
    static func pagesAnsweredDifferently(seed: UInt64) -> [String] {
        let prepared = DemoCatalog(seed: seed)
        prepared.makeEverything()
        let preparedRouter = DemoRouter(catalog: prepared, imageCache: ImageCache(byteBudget: 1 << 20))
        var requests: [(String, String)] = []
        for query in ["sunset", "paris%20night", "caf%C3%A9", "harbor", "nowhereword"] {
            for offset in [0, 50, 150] {
                requests.append(
                    (
                        "/w/api.php",
                        "action=query&format=json&formatversion=2&generator=search&gsrsearch=\(query)&gsrnamespace=6&gsrlimit=50"
                            + "&gsroffset=\(offset)&prop=imageinfo%7Ccoordinates&iiprop=url%7Csize%7Cextmetadata&iiurlwidth=330"
                    ))
            }
            requests.append(
                (
                    "/services/rest",
                    "api_key=k&format=json&nojsoncallback=1&method=flickr.photos.search&text=\(query)&sort=relevance&page=2&extras=tags"
                ))
        }
        var failures: [String] = []
        for request in requests {
            let expected = answer(preparedRouter, request)
            // A catalog of its own for each: its first search is the one looked up word by word.
            let fresh = answer(DemoRouter(catalog: DemoCatalog(seed: seed), imageCache: ImageCache(byteBudget: 1 << 20)), request)
            if expected.0 != 200 || expected.2.count <= 20 { failures.append("prepared \(request.1)") }
            if !(fresh.0 == expected.0 && fresh.1 == expected.1 && fresh.2 == expected.2) { failures.append(request.1) }
        }
        return failures
    }

    static func answer(_ router: DemoRouter, _ request: (String, String)) -> (Int, String, [UInt8]) {
        let answer = router.answer(
            method: "GET", path: request.0, parameters: RequestParameters(query: Substring(request.1), formBody: nil, authorization: nil),
            base: base, ifNoneMatch: nil, flickrUnavailable: false)
        return (answer.status, answer.contentType, Array(answer.body.readableBytesView))
    }

    @Test(arguments: [UInt64(1), 42, 7])
    func searchPagesBeforeTheIndexIsBuiltAreThoseAfter(seed: UInt64) async {
        #expect(await OwnThread.run { Self.pagesAnsweredDifferently(seed: seed) } == [])
    }
}
