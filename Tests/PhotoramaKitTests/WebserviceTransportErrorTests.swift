import Foundation
import NIOCore
import NIOHTTP1
import TestProcesses
import Testing

@testable import PhotoramaKit

/// How LiveTransport names socket and parser errors; the live tests reach most of these through a real
/// server, this pins the rest. Only host and port appear, never the URL with its key.
@Suite(.ownThread) struct WebserviceTransportErrorTests {
    let request = WebRequest(url: URL(string: "http://127.0.0.1:8080/rest?api_key=SECRETKEY123")!)

    @Test(arguments: [
        (
            IOError(errnoCode: ECONNRESET, reason: "read") as any Error,
            PhotoramaError.connectionLost("127.0.0.1:8080 reset the connection before the response was complete")
        ),
        (
            IOError(errnoCode: EPIPE, reason: "write"),
            .connectionLost("127.0.0.1:8080 reset the connection before the response was complete")
        ),
        (IOError(errnoCode: ECONNREFUSED, reason: "connect"), .offline("could not connect to 127.0.0.1:8080")),
        (IOError(errnoCode: ENETUNREACH, reason: "connect"), .offline("could not connect to 127.0.0.1:8080")),
        (ChannelError.eof, .connectionLost("127.0.0.1:8080 closed the connection before the response was complete")),
        (
            ChannelError.ioOnClosedChannel,
            .connectionLost("127.0.0.1:8080 closed the connection before the response was complete")
        ),
        (
            HTTPParserError.invalidEOFState,
            .connectionLost("127.0.0.1:8080 closed the connection before the response was complete")
        ),
        (HTTPParserError.invalidHeaderToken, .connectionLost("127.0.0.1:8080 sent a malformed or incomplete response")),
        (CocoaError(.fileReadUnknown), .offline("127.0.0.1:8080: network error")),
    ])
    func classifiesErrors(error: any Error, expected: PhotoramaError) {
        let classified = LiveTransport.classify(error, request: request)
        #expect(classified == expected)
        #expect(!classified.message.contains("SECRETKEY123"))
    }

    @Test func aURLWithoutAPortNamesOnlyTheHost() throws {
        let url = try #require(URL(string: "https://api.example.invalid/rest?api_key=SECRETKEY123"))
        let classified = LiveTransport.classify(IOError(errnoCode: ECONNREFUSED, reason: "connect"), request: WebRequest(url: url))
        #expect(classified == .offline("could not connect to api.example.invalid"))
    }
}
