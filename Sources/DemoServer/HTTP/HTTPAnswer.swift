import NIOCore

/// A finished answer before fault injection and transport: status, content type, body bytes, extra headers.
struct HTTPAnswer: Sendable {
    var status: Int
    var contentType: String
    var body: ByteBuffer
    var etag: String?
    var cacheControl: String?
    /// A redirect's target (the OAuth authorize page sends the verifier to a callback).
    var location: String?
    /// Other headers (Retry-After, MediaWiki-API-Error).
    var extraHeaders: [(name: String, value: String)] = []

    static let jsonType = "application/json; charset=utf-8"

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: jsonType, body: ByteBuffer(bytes: JSONWriter.bytes(value)))
    }

    static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: contentType, body: ByteBuffer(bytes: bytes))
    }

    static func html(_ text: String, status: Int) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "text/html; charset=utf-8", body: ByteBuffer(string: text))
    }

    static func text(_ text: String, status: Int) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "text/plain; charset=utf-8", body: ByteBuffer(string: text))
    }
}
