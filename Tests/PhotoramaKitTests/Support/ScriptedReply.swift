import Foundation

/// What the scripted server does with one request. Each case is a raw behaviour a real server (or a
/// broken one) can show, so the client is tested against bytes on a socket rather than stubs.
enum ScriptedReply: Sendable {
    /// A complete response. Content-Length is added unless `headers` already has one.
    case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// The head with the true Content-Length, then the body one byte per `interval`.
    case drip(status: Int = 200, headers: [(String, String)] = [], body: [UInt8], interval: Duration)
    /// A head declaring `declaredLength` bytes, only `body`, then the server closes the connection.
    case truncated(declaredLength: Int, body: [UInt8])
    /// `status` with a Location header and an empty body.
    case redirect(to: String, status: Int = 302)
    /// `total` bytes in chunks of `chunkSize`, each written only when the client has taken the previous
    /// ones (socket back-pressure), so the server can tell how much the client actually read. With
    /// `declareLength` false the body is chunked and the client cannot know its size in advance.
    case stream(total: Int, chunkSize: Int, declareLength: Bool)
    /// A head declaring `declaredLength` bytes, `body`, then nothing more until the client gives up.
    case stall(declaredLength: Int, body: [UInt8])
    /// A chunked head (no Content-Length), `body` as one chunk, then the server closes the connection
    /// without the terminating zero-length chunk.
    case truncatedChunked(body: [UInt8])
    /// The server closes the connection as soon as it has read the request, answering nothing.
    case hangUp
    /// A head declaring `declaredLength` bytes, only `body`, then the server aborts the connection
    /// with a TCP reset (SO_LINGER 0) instead of an orderly close.
    case reset(declaredLength: Int, body: [UInt8])
    /// No answer at all, not even a status line, until the client gives up.
    case silent
    /// 200 with a JSON `EchoedRequest` describing the request as it arrived.
    case echo

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> ScriptedReply {
        .respond(
            status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
    }

    static func html(_ text: String, status: Int) -> ScriptedReply {
        .respond(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }

    static func status(_ status: Int, headers: [(String, String)] = []) -> ScriptedReply {
        .respond(status: status, headers: headers)
    }
}

/// What `ScriptedReply.echo` sends back: the request exactly as the server parsed it.
struct EchoedRequest: Codable, Sendable, Equatable {
    var method: String
    var uri: String
    /// Lower-cased header names; the first value of each.
    var headers: [String: String]
    var body: String
}

/// A request as the scripted server received it.
struct RecordedRequest: Sendable {
    var method: String
    var uri: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var path: String { String(uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// How one path answers: given the request and how many requests reached that path before it.
struct ScriptedRoute: Sendable {
    let reply: @Sendable (RecordedRequest, Int) -> ScriptedReply

    init(_ reply: @escaping @Sendable (RecordedRequest, Int) -> ScriptedReply) {
        self.reply = reply
    }

    /// The same reply every time.
    static func always(_ reply: ScriptedReply) -> ScriptedRoute {
        ScriptedRoute { _, _ in reply }
    }

    /// The replies in order; the last one repeats.
    static func sequence(_ replies: [ScriptedReply]) -> ScriptedRoute {
        ScriptedRoute { _, index in
            replies.isEmpty ? .status(500) : replies[min(index, replies.count - 1)]
        }
    }
}
