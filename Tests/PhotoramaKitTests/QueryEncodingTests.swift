import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct QueryEncodingTests {
    let base = URL(string: "https://api.example.com/services/rest")!

    @Test(arguments: [
        ("café & co", "caf%C3%A9%20%26%20co"),
        ("a+b", "a%2Bb"),
        ("#tag", "%23tag"),
        ("two words", "two%20words"),
        ("🐈‍⬛ cat", "%F0%9F%90%88%E2%80%8D%E2%AC%9B%20cat"),
        ("", ""),
        ("a=b&c", "a%3Db%26c"),
        ("plain-._~", "plain-._~"),
    ])
    func encodesAwkwardValues(input: String, expected: String) {
        #expect(QueryEncoding.encode(input) == expected)
        let url = QueryEncoding.url(base: base, items: [("text", input)])
        #expect(url?.absoluteString == "https://api.example.com/services/rest?text=\(expected)")
        // And what a server decodes is what we meant.
        let decoded = url.map(QueryEncoding.items(of:))
        #expect(decoded?.first?.0 == "text")
        #expect(decoded?.first?.1 == input)
    }

    @Test func appendsPathWithOneSlashAndKeepsOrder() {
        let url = QueryEncoding.url(
            base: URL(string: "http://127.0.0.1:8080/v1/")!, path: "/photos/42",
            items: [("b", "2"), ("a", "1")])
        #expect(url?.absoluteString == "http://127.0.0.1:8080/v1/photos/42?b=2&a=1")
    }

    @Test func keepsAnExistingQuery() {
        let url = QueryEncoding.url(base: URL(string: "http://h/x?keep=1")!, items: [("q", "a b")])
        #expect(url?.absoluteString == "http://h/x?keep=1&q=a%20b")
    }

    @Test func formBodiesDecodePlusAsSpace() {
        let items = QueryEncoding.decodeForm("text=a+b&x=%2B", plusIsSpace: true)
        #expect(items.map(\.0) == ["text", "x"])
        #expect(items.map(\.1) == ["a b", "+"])
    }

    @Test func decodesValuesWithEqualsSignsMissingValuesAndEmptyPairs() {
        let items = QueryEncoding.decodeForm("a=b=c&flag&=v&&z=")
        #expect(items.map(\.0) == ["a", "flag", "", "z"])
        #expect(items.map(\.1) == ["b=c", "", "v", ""])
    }

    @Test func queryItemsKeepAPlusAsAPlus() throws {
        let url = try #require(URL(string: "http://127.0.0.1/x?q=a+b&p=100%25"))
        let items = QueryEncoding.items(of: url)
        #expect(items.map(\.0) == ["q", "p"])
        #expect(items.map(\.1) == ["a+b", "100%"])
    }

    @Test func aBrokenEscapeIsKeptLiterally() {
        let items = QueryEncoding.decodeForm("bad=100%&also=%zz")
        #expect(items.map(\.1) == ["100%", "%zz"])
    }
}
