import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// gzip-encoded answers: decoded transparently, and a body that inflates absurdly (a "zip bomb") or
/// does not inflate at all is refused with a clear error.
@Suite(.ownThread) struct WebserviceCompressionTests {
    /// `{"hello":"zip"}` gzipped.
    static let gzippedGreeting = Array(Data(base64Encoded: "H4sIAAAAAAACA6tWykjNyclXslKqyixQqgUAgycgAA8AAAA=") ?? Data())
    /// 1 MiB of zero bytes gzipped to 1051 bytes: a thousandfold expansion.
    static let gzippedZeros = Array(
        Data(
            base64Encoded:
                "H4sIAAAAAAACA+3BMQEAAADCoPVPbQhfoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPgMc6jinAAAQAA=="
        ) ?? Data())

    static func gzip(_ body: [UInt8], contentType: String = "application/json") -> ScriptedReply {
        .respond(status: 200, headers: [("Content-Type", contentType), ("Content-Encoding", "gzip")], body: body)
    }

    @Test func gzippedJSONIsDecoded() async throws {
        #expect(Self.gzippedGreeting.count == 35)
        try await withLiveHarness(["/zip": .always(Self.gzip(Self.gzippedGreeting))]) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/zip")))
            #expect(greeting == Greeting(hello: "zip"))
            #expect(h.server.requests.first?.header("Accept-Encoding") == "deflate, gzip")
        }
    }

    @Test func bodyThatInflatesAbsurdlyIsRefused() async throws {
        #expect(Self.gzippedZeros.count == 1051)
        try await withLiveHarness(["/bomb": .always(Self.gzip(Self.gzippedZeros, contentType: "application/octet-stream"))]) { h in
            let error = await loadError(h.service, Resource<Data>.data(h.request("/bomb")))
            #expect(error == .invalidData("the compressed body expands too much"))
            #expect(error?.message == "The response could not be read: the compressed body expands too much")
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func corruptCompressedBodyIsInvalidData() async throws {
        let garbage = Array("this is not gzip at all, just text pretending".utf8)
        try await withLiveHarness(["/corrupt": .always(Self.gzip(garbage))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/corrupt")))
            #expect(error == .invalidData("the compressed body is corrupt"))
            #expect(error?.message == "The response could not be read: the compressed body is corrupt")
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }
}
