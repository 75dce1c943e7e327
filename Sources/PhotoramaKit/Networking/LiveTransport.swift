import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

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

    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let limits = request.limits
        let outgoing: HTTPClient.Request
        do {
            var headers = HTTPHeaders()
            for header in request.headers { headers.add(name: header.name, value: header.value) }
            outgoing = try HTTPClient.Request(
                url: request.url.absoluteString, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                headers: headers, body: request.body.map { .data($0) })
        } catch {
            throw Self.classify(error, request: request)
        }
        // The exchange runs on NIO's event loop with a delegate that collects the body there, and the
        // whole-exchange deadline is a timer on that loop failing the request: when CPU-bound work fills
        // Swift's cooperative pool, the connection is still closed at the deadline. (The async/await API's
        // deadline only covers the head, and its cancellation hops through a Task on the pool.)
        let delegate = BodyCollector(limit: limits.maxBodyBytes, method: request.method)
        let task = client.execute(request: outgoing, delegate: delegate)
        let timer = task.futureResult.eventLoop.scheduleTask(in: .nanoseconds(limits.deadline.nanoseconds)) {
            task.fail(reason: PhotoramaError.timeout(limits.deadline))
        }
        task.futureResult.whenComplete { _ in timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch let error as PhotoramaError {
            if Task.isCancelled { throw .cancelled }
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError { throw .cancelled }
            throw Self.classify(error, request: request)
        }
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
