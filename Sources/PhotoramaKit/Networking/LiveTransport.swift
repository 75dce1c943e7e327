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

    // MARK: - Sending
    /// The exchange runs on NIO's event loop (the body is collected by `BodyCollector` there), and so
    /// does the whole-exchange deadline: a timer that cancels the request, closing the connection on time
    /// even while every thread of Swift's cooperative pool is busy. Only handing the finished answer back
    /// needs the pool. (AsyncHTTPClient's own deadline stops applying once the response head has arrived,
    /// and cancelling an async task reaches the client only while that task sits in one of its awaits.)
    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let limits = request.limits
        let outgoing: HTTPClient.Request
        do {
            var headers = HTTPHeaders()
            for header in request.headers { headers.add(name: header.name, value: header.value) }
            // An exchange with a body ends on a closed connection. AsyncHTTPClient 1.37 stops the process
            // (a precondition in its pool) when such an exchange's answer ends before its body's write
            // completes and the pool drops the connection meanwhile (seen on a loaded machine); a connection
            // that closes is never handed back to the pool. Bodies are rare here (sign-in, favourites).
            if request.body != nil, !headers.contains(name: "Connection") { headers.add(name: "Connection", value: "close") }
            outgoing = try HTTPClient.Request(
                url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), headers: headers,
                body: request.body.map { .byteBuffer(ByteBuffer(bytes: $0)) })
        } catch {
            throw Self.classify(error, request: request)
        }
        let expiry = Expiry()
        let task = client.execute(
            request: outgoing, delegate: BodyCollector(limit: limits.maxBodyBytes, method: request.method),
            eventLoop: .indifferent)
        let timer = task.eventLoop.scheduleTask(in: .nanoseconds(limits.deadline.nanoseconds)) {
            expiry.expire()
            task.cancel()
        }
        let result: Result<WebResponse, any Error>
        do {
            result = .success(
                try await withTaskCancellationHandler {
                    try await task.futureResult.get()
                } onCancel: {
                    task.cancel()
                })
        } catch {
            result = .failure(error)
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

    // MARK: - Errors
    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let clientError = error as? HTTPClientError {
            return clientError == .cancelled || clientError == .deadlineExceeded || clientError == .requestStreamCancelled
        }
        return false
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

// MARK: - Helpers
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
