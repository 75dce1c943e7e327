import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The status and headers of a streamed response.
public struct StreamHead: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]

    public init(status: Int, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = headers
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The seam for bodies too big to hold: unlike `Transport`, which returns the whole body, a streaming
/// transport hands each chunk to the caller as it arrives. It sends exactly one request (no redirects,
/// no retries) and stops promptly, throwing `.cancelled`, when the calling task is cancelled.
public protocol StreamingTransport: Sendable {
    /// Sends `request` and calls `head` with the status and headers; when `head` returns true, calls
    /// `body` with each chunk of the body in order, then returns once the body has ended. When `head`
    /// returns false the body is abandoned.
    func stream(
        _ request: WebRequest,
        head: (StreamHead) throws(DownloadError) -> Bool,
        body: (ByteBuffer) throws(DownloadError) -> Void
    ) async throws(DownloadError)
}

/// The streaming transport on AsyncHTTPClient: the response body is an async sequence read chunk by
/// chunk, with the client's back-pressure, so memory stays flat whatever the size of the file.
public final class LiveStreamingTransport: StreamingTransport {
    private let client: HTTPClient

    /// `readTimeout` bounds the silence between two chunks (a stalled server), not the whole download,
    /// which may rightly take minutes.
    public init(readTimeout: TimeAmount = .seconds(30)) {
        var configuration = HTTPClient.Configuration()
        // The engine follows redirects itself so it can apply the plain-http rule to every hop.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: readTimeout)
        // Range offsets count the bytes as sent; an image is never worth compressing anyway.
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Closes pooled connections. Call once before the transport is dropped.
    public func shutdown() async {
        try? await client.shutdown()
    }

    public func stream(
        _ request: WebRequest,
        head: (StreamHead) throws(DownloadError) -> Bool,
        body: (ByteBuffer) throws(DownloadError) -> Void
    ) async throws(DownloadError) {
        do {
            var outgoing = HTTPClientRequest(url: request.url.absoluteString)
            outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
            for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
            let response = try await client.execute(outgoing, deadline: .distantFuture)
            let streamHead = StreamHead(
                status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) })
            guard try head(streamHead) else { return }
            for try await chunk in response.body {
                try body(chunk)
            }
        } catch let error as DownloadError {
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError { throw .cancelled }
            let classified = LiveTransport.classify(error, request: request)
            throw classified == .cancelled ? .cancelled : .network(classified)
        }
    }
}
