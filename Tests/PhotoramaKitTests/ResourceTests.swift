import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct ResourceTests {
    let request = WebRequest(url: URL(string: "https://api.example.com/rest?api_key=k")!)

    func response(_ status: Int, _ body: String, contentType: String? = "application/json") -> WebResponse {
        WebResponse(status: status, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: Data(body.utf8))
    }

    @Test func jsonDecodesA2xxBody() throws {
        let resource = Resource<Greeting>.json(request)
        #expect(try resource.parse(response(200, #"{"hello":"there"}"#)) == Greeting(hello: "there"))
        #expect(try resource.parse(response(201, #"  {"hello":"spaced"}"#)) == Greeting(hello: "spaced"))
        // A JSON body with a wrong Content-Type is still JSON.
        #expect(try resource.parse(response(200, #"{"hello":"x"}"#, contentType: "text/plain")) == Greeting(hello: "x"))
    }

    @Test func jsonAfterAByteOrderMarkIsStillJSON() throws {
        let resource = Resource<Greeting>.json(request)
        let body = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"hello":"bom"}"#.utf8)
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
        #expect(response.bodyLooksLikeJSON)
        #expect(try resource.parse(response) == Greeting(hello: "bom"))
        // A mark alone, or before HTML, is still not JSON.
        #expect(!WebResponse(status: 200, body: Data([0xEF, 0xBB, 0xBF])).bodyLooksLikeJSON)
        #expect(!WebResponse(status: 200, body: Data([0xEF, 0xBB, 0xBF]) + Data("<html>".utf8)).bodyLooksLikeJSON)
    }

    @Test func jsonChecksTheStatusBeforeTheBody() {
        let resource = Resource<Greeting>.json(request)
        #expect(throws: PhotoramaError.httpStatus(404)) { try resource.parse(response(404, #"{"hello":"x"}"#)) }
        #expect(throws: PhotoramaError.httpStatus(500)) { try resource.parse(response(500, "<html></html>", contentType: "text/html")) }
        #expect(throws: PhotoramaError.httpStatus(304)) { try resource.parse(response(304, "")) }
    }

    @Test func jsonAcceptsACustomExpectedStatus() throws {
        let resource = Resource<Greeting>.json(request, expectedStatus: 200..<201)
        #expect(throws: PhotoramaError.httpStatus(201)) { try resource.parse(response(201, #"{"hello":"x"}"#)) }
    }

    @Test func jsonReportsNonJSONBodiesWithTheirContentType() {
        let resource = Resource<Greeting>.json(request)
        #expect(throws: PhotoramaError.notJSON(contentType: "text/html; charset=utf-8")) {
            try resource.parse(response(200, "<!doctype html>", contentType: "text/html; charset=utf-8"))
        }
        #expect(throws: PhotoramaError.notJSON(contentType: nil)) { try resource.parse(response(200, "", contentType: nil)) }
    }

    @Test func jsonReportsShapeErrorsWithThePath() {
        struct Page: Decodable, Sendable { let photos: [Greeting] }
        let resource = Resource<Page>.json(request)
        #expect(throws: PhotoramaError.invalidData("photos[1].hello: missing")) {
            try resource.parse(response(200, #"{"photos":[{"hello":"a"},{}]}"#))
        }
        #expect(throws: PhotoramaError.invalidData("photos[0].hello: null")) {
            try resource.parse(response(200, #"{"photos":[{"hello":null}]}"#))
        }
        #expect(throws: PhotoramaError.invalidData("photos: wrong type")) {
            try resource.parse(response(200, #"{"photos":{}}"#))
        }
        #expect(throws: PhotoramaError.invalidData("malformed JSON")) {
            try resource.parse(response(200, #"{"photos":["#))
        }
    }

    @Test func mapTransformsTheParsedValueAndKeepsTheRequest() throws {
        let resource = Resource<Greeting>.json(request).map { $0.hello.uppercased() }
        #expect(resource.request == request)
        #expect(try resource.parse(response(200, #"{"hello":"loud"}"#)) == "LOUD")
    }

    @Test func mapCanFailWithATypedError() {
        let resource = Resource<Greeting>.json(request).map { greeting throws(PhotoramaError) -> Int in
            guard let number = Int(greeting.hello) else { throw .invalidData("hello: not a number") }
            return number
        }
        #expect(throws: PhotoramaError.invalidData("hello: not a number")) { try resource.parse(response(200, #"{"hello":"x"}"#)) }
        // An error from the inner parse passes through untouched.
        #expect(throws: PhotoramaError.httpStatus(503)) { try resource.parse(response(503, "")) }
    }

    @Test func dataReturnsTheRawBodyForA2xxStatus() throws {
        let resource = Resource<Data>.data(request)
        let bytes = Data([0xFF, 0xD8, 0xFF, 0x00])
        #expect(try resource.parse(WebResponse(status: 200, body: bytes)) == bytes)
        #expect(throws: PhotoramaError.httpStatus(403)) { try resource.parse(WebResponse(status: 403, body: bytes)) }
    }

    @Test func headersAreFoundCaseInsensitively() {
        let response = WebResponse(status: 200, headers: [("content-TYPE", "image/jpeg"), ("Content-Type", "second")])
        #expect(response.contentType == "image/jpeg")
        #expect(response.header("missing") == nil)
        let request = WebRequest(url: URL(string: "http://127.0.0.1/")!, headers: [("Accept", "application/json")])
        #expect(request.header("accept") == "application/json")
    }
}
