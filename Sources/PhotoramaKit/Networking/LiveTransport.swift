import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The transport used for real: AsyncHTTPClient with a connection pool (so connections are reused),
/// redirects left to `Webservice`, a whole-exchange deadline and a body-size limit enforced while the
/// body streams in.
public final class LiveTransport: Transport {
    private let client: HTTPClient

    public init() {
        var configuration = HTTPClient.Configuration()
        // Webservice follows redirects itself so it can apply the plain-http rule to every hop.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10))
        configuration.decompression = .enabled(limit: .ratio(50))
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        // Otherwise a refused connection is retried inside the pool until the connect timeout (10 s);
        // Webservice's own retry policy decides instead, so "offline" is reported at once.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Closes pooled connections. Call once before the transport is dropped.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// The deadline covers the whole exchange, body included, and is a timer on NIO's event loop: when it
    /// fires it cancels the exchange right there (cancellation handlers run on the thread that cancels), so
    /// the connection closes on time even while every thread of Swift's cooperative pool is busy.
    /// (AsyncHTTPClient's own deadline stops applying once the response head has arrived.)
    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let limits = request.limits
        let expiry = Expiry()
        let exchange = Task { try await self.exchange(request) }
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(limits.deadline.nanoseconds)) {
            expiry.expire()
            exchange.cancel()
        }
        let result = await withTaskCancellationHandler {
            await exchange.result
        } onCancel: {
            exchange.cancel()
        }
        timer.cancel()
        switch result {
        case .success(let response):
            return response
        case .failure(let error):
            if Task.isCancelled { throw .cancelled }
            // Only an exchange the timer cancelled timed out: one that had already failed (refused, reset)
            // keeps its own error even if the busy pool let the timer fire before we saw it.
            if expiry.expired, Self.isCancellation(error) { throw .timeout(limits.deadline) }
            if let error = error as? PhotoramaError { throw error }
            throw Self.classify(error, request: request)
        }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let clientError = error as? HTTPClientError {
            return clientError == .cancelled || clientError == .deadlineExceeded || clientError == .requestStreamCancelled
        }
        return false
    }

    private func exchange(_ request: WebRequest) async throws -> WebResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let limit = request.limits.maxBodyBytes
        let response = try await client.execute(outgoing, deadline: .now() + .nanoseconds(request.limits.deadline.nanoseconds))
        // A HEAD, 204 or 304 response has no body whatever its Content-Length says (for HEAD it is the
        // size of the body a GET would get), so only other responses are refused by their declared size.
        let hasBody = request.method != .head && response.status != .noContent && response.status != .notModified
        if hasBody, let declared = response.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
            throw PhotoramaError.tooLarge(limit: limit)
        }
        var collected = ByteBuffer()
        for try await chunk in response.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw PhotoramaError.tooLarge(limit: limit)
            }
            var chunk = chunk
            collected.writeBuffer(&chunk)
        }
        // A cancelled body stream may simply end: a cut-short body must not pass for the whole answer.
        try Task.checkCancellation()
        return WebResponse(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: Data(collected.readableBytesView)
        )
    }

    /// Maps client and socket errors to the few cases a user can act on. The text never includes the
    /// URL (whose query may hold a key), only the host and port.
    static func classify(_ error: any Error, request: WebRequest) -> PhotoramaError {
        let host = request.url.host ?? "the server"
        let place = request.url.port.map { "\(host):\($0)" } ?? host
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .timeout(request.limits.deadline)
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .offline("could not connect to \(place)")
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .remoteConnectionClosed, .bodyLengthMismatch:
                return .connectionLost("\(place) closed the connection before the response was complete")
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidInput("Invalid URL for \(host)")
            default:
                return .offline("\(place): \(clientError.shortDescription)")
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return .offline("could not resolve \(host)")
            }
            return .offline("could not connect to \(place)")
        }
        // A reset or broken pipe happens on an established connection, so it is not "could not connect".
        if let ioError = error as? IOError, ioError.errnoCode == ECONNRESET || ioError.errnoCode == EPIPE {
            return .connectionLost("\(place) reset the connection before the response was complete")
        }
        if error is IOError || error is ChannelError {
            if let channelError = error as? ChannelError, channelError == .ioOnClosedChannel || channelError == .eof {
                return .connectionLost("\(place) closed the connection before the response was complete")
            }
            return .offline("could not connect to \(place)")
        }
        if let parserError = error as? HTTPParserError {
            // The connection closed while a body with a Content-Length was still arriving.
            if parserError == .invalidEOFState {
                return .connectionLost("\(place) closed the connection before the response was complete")
            }
            return .connectionLost("\(place) sent a malformed or incomplete response")
        }
        let name = String(describing: type(of: error))
        // NIOHTTPCompression's errors, matched by name so PhotoramaKit need not depend on swift-nio-extras
        // directly. Not a network problem: another attempt would get the same bytes.
        if name == "DecompressionError" || name == "ExtraDecompressionError" {
            return String(describing: error) == "limit"
                ? .invalidData("the compressed body expands too much")
                : .invalidData("the compressed body is corrupt")
        }
        if name.contains("SSL") || name.contains("TLS") || name.contains("Certificate") {
            return .offline("secure connection to \(host) failed")
        }
        return .offline("\(place): network error")
    }
}

/// Whether the deadline timer has fired (set on the event loop, read by the waiting task).
private final class Expiry: Sendable {
    private let state = Atomic<Bool>(false)
    func expire() { state.store(true, ordering: .sequentiallyConsistent) }
    var expired: Bool { state.load(ordering: .sequentiallyConsistent) }
}

extension HTTPClientError {
    /// The client's own short name for the error ("remoteConnectionClosed" and so on).
    var shortDescription: String {
        String(describing: self).replacingOccurrences(of: "HTTPClientError.", with: "")
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
