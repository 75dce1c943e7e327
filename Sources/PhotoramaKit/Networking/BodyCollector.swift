import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Collects one response on its event loop, refusing a body over `limit` bytes as soon as it is declared
/// or has arrived (a failed future stops the request and closes the connection).
/// Unchecked Sendable: AsyncHTTPClient calls every method on the task's event loop, one at a time, so the
/// mutable state is never touched concurrently.
final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = WebResponse

    private let limit: Int
    private let method: HTTPMethod
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()

    init(limit: Int, method: HTTPMethod) {
        self.limit = limit
        self.method = method
    }

    func didReceiveHead(task: HTTPClient.Task<WebResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        // A HEAD, 204 or 304 response has no body whatever its Content-Length says (for HEAD it is the
        // size of the body a GET would get), so only other responses are refused by their declared size.
        let hasBody = method != .head && head.status != .noContent && head.status != .notModified
        if hasBody, let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
            return task.eventLoop.makeFailedFuture(PhotoramaError.tooLarge(limit: limit))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<WebResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.readableBytes + buffer.readableBytes <= limit else {
            return task.eventLoop.makeFailedFuture(PhotoramaError.tooLarge(limit: limit))
        }
        var buffer = buffer
        body.writeBuffer(&buffer)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<WebResponse>) throws -> WebResponse {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return WebResponse(
            status: Int(head.status.code),
            headers: head.headers.map { (name: $0.name, value: $0.value) },
            body: Data(body.readableBytesView))
    }
}
