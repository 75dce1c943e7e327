import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

@testable import PhotoramaKit

// MARK: - Server
/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port whose every path is scripted by the test
/// (see `ScriptedReply`). It records what it received so tests can count attempts and inspect bodies.
///
/// Use `withScriptedServer`, which always shuts it down, rather than `start` directly.
final class ScriptedServer: Sendable {
    let port: Int
    let record: ScriptedServerRecord
    private let serverChannel: any Channel
    private let acceptLoop: Task<Void, Never>

    private init(port: Int, record: ScriptedServerRecord, serverChannel: any Channel, acceptLoop: Task<Void, Never>) {
        self.port = port
        self.record = record
        self.serverChannel = serverChannel
        self.acceptLoop = acceptLoop
    }

    /// `http://127.0.0.1:<port>` followed by `pathAndQuery` (which starts with "/").
    func url(_ pathAndQuery: String) -> URL {
        // The test writes the path; a malformed one is a bug in the test, reported by the failing load.
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") ?? URL(fileURLWithPath: "/invalid-test-url")
    }

    var requests: [RecordedRequest] { record.allRequests }

    func requests(to path: String) -> [RecordedRequest] { record.allRequests.filter { $0.path == path } }

    static func start(routes: [String: ScriptedRoute]) async throws -> ScriptedServer {
        let record = ScriptedServerRecord()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        let port = listener.channel.localAddress?.port ?? 0
        let serverChannel = listener.channel
        // Accepting too runs on an event loop: a plain Task would wait for the pool.
        let acceptLoop = Task<Void, Never>(executorPreference: EventLoopExecutor(serverChannel.eventLoop)) {
            try? await listener.executeThenClose { inbound in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in inbound {
                        record.accept(connection.channel)
                        // On the connection's event loop, not the cooperative pool: a test that keeps the pool
                        // busy (or the whole suite under a sanitizer) must not slow the server it measures.
                        group.addTask(executorPreference: EventLoopExecutor(connection.channel.eventLoop)) {
                            try? await ScriptedConnection(record: record, routes: routes).serve(connection)
                        }
                    }
                }
            }
        }
        return ScriptedServer(port: port, record: record, serverChannel: serverChannel, acceptLoop: acceptLoop)
    }

    /// Closes the listener and every connection, and waits until all their tasks have ended.
    func shutdown() async {
        try? await serverChannel.close()
        for channel in record.openedChannels {
            try? await channel.close()
        }
        acceptLoop.cancel()
        await acceptLoop.value
    }
}

// MARK: - Scoped use
/// Runs `body` with a fresh server and shuts it down afterwards, whether `body` throws or not.
func withScriptedServer<R>(
    _ routes: [String: ScriptedRoute], _ body: (ScriptedServer) async throws -> R
) async throws -> R {
    let server = try await ScriptedServer.start(routes: routes)
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

// MARK: - Playing scripted replies
/// One accepted connection: reads requests in turn and plays each one's scripted reply.
private struct ScriptedConnection {
    typealias Inbound = NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator

    /// Writes go straight to the channel, not through the async writer: the writer buffers without
    /// limit until the event loop catches up, while a channel write completes only once the socket
    /// has taken the bytes. That is what makes `.stream` measure what the client actually read.
    struct Outbound {
        let channel: any Channel

        func write(_ part: HTTPServerResponsePart) async throws {
            try await channel.writeAndFlush(part).get()
        }
    }

    let record: ScriptedServerRecord
    let routes: [String: ScriptedRoute]

    func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async throws {
        let outbound = Outbound(channel: connection.channel)
        try await connection.executeThenClose { inbound, _ in
            var parts = inbound.makeAsyncIterator()
            var head: HTTPRequestHead?
            var body: [UInt8] = []
            while let part = try await parts.next() {
                switch part {
                case .head(let received):
                    head = received
                    body = []
                case .body(var buffer):
                    body += buffer.readBytes(length: buffer.readableBytes) ?? []
                case .end:
                    guard let received = head else { continue }
                    let request = RecordedRequest(
                        method: received.method.rawValue, uri: received.uri,
                        headers: received.headers.map { (name: $0.name, value: $0.value) }, body: body)
                    let earlier = record.record(request)
                    let reply = routes[request.path]?.reply(request, earlier) ?? .status(404)
                    guard try await play(reply, for: request, to: outbound, reading: &parts) else { return }
                }
            }
        }
    }

    /// Sends one reply. Returns false when the connection must be closed afterwards.
    private func play(
        _ reply: ScriptedReply, for request: RecordedRequest, to outbound: Outbound, reading parts: inout Inbound
    ) async throws -> Bool {
        switch reply {
        case .respond(let status, let headers, let body):
            var all = headers
            if !all.contains(where: { $0.0.lowercased() == "content-length" }) {
                all.append(("Content-Length", "\(body.count)"))
            }
            try await writeHead(status, all, to: outbound)
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))
            return true

        case .redirect(let location, let status):
            return try await play(
                .respond(status: status, headers: [("Location", location)]), for: request, to: outbound,
                reading: &parts)

        case .echo:
            let echoed = EchoedRequest(
                method: request.method, uri: request.uri,
                headers: Dictionary(
                    request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
                body: String(decoding: request.body, as: UTF8.self))
            let json = try JSONEncoder().encode(echoed)
            return try await play(
                .respond(status: 200, headers: [("Content-Type", "application/json")], body: Array(json)),
                for: request, to: outbound, reading: &parts)

        case .drip(let status, let headers, let body, let interval):
            let head = HTTPResponseHead(
                version: .http1_1, status: HTTPResponseStatus(statusCode: status),
                headers: HTTPHeaders(headers + [("Content-Length", "\(body.count)")]))
            return await drip(head: head, body, every: interval, on: outbound.channel)

        case .truncated(let declaredLength, let body):
            try await writeHead(200, [("Content-Length", "\(declaredLength)")], to: outbound)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            return false

        case .stream(let total, let chunkSize, let declareLength):
            let headers = declareLength ? [("Content-Length", "\(total)")] : []
            try await writeHead(200, [("Content-Type", "application/octet-stream")] + headers, to: outbound)
            let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: chunkSize)
            var sent = 0
            do {
                while sent < total {
                    let size = min(chunkSize, total - sent)
                    // Returns once the socket has taken the chunk: back-pressure from the client's reads.
                    try await outbound.write(.body(.byteBuffer(chunk.getSlice(at: 0, length: size) ?? chunk)))
                    sent += size
                    record.noteStreamed(size)
                }
                try await outbound.write(.end(nil))
                return true
            } catch {
                record.noteAbandoned()
                return false
            }

        case .truncatedChunked(let body):
            try await writeHead(200, [("Content-Type", "application/json")], to: outbound)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            return false

        case .hangUp:
            return false

        case .reset(let declaredLength, let body):
            try await writeHead(200, [("Content-Length", "\(declaredLength)")], to: outbound)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            // Linger 0 makes the close that follows send RST instead of FIN.
            try await (outbound.channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            return false

        case .silent:
            return await waitForHangUp(&parts, on: outbound.channel)

        case .stall(let declaredLength, let body):
            try await writeHead(200, [("Content-Length", "\(declaredLength)")], to: outbound)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            record.noteStreamed(body.count)
            return await waitForHangUp(&parts, on: outbound.channel)
        }
    }

    /// Writes the head, then `body` one byte per `interval`, then the end, all from the channel's event
    /// loop: neither the pace nor noticing a hang-up may wait for Swift's cooperative pool, which a full run
    /// on 2 cores keeps busy for long stretches (the client may even hang up before this task has run).
    /// True when all was written; false, counted as abandoned, when the client hung up first (a write to
    /// the closed connection fails).
    private func drip(head: HTTPResponseHead, _ body: [UInt8], every interval: Duration, on channel: any Channel) async -> Bool {
        let loop = channel.eventLoop
        let finished = loop.makePromise(of: Bool.self)
        let record = self.record
        let pause = TimeAmount.nanoseconds(interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000)
        @Sendable func write(_ part: HTTPServerResponsePart, then next: @escaping @Sendable () -> Void) {
            channel.writeAndFlush(part).whenComplete { result in
                switch result {
                case .success: next()
                case .failure:
                    record.noteAbandoned()
                    finished.succeed(false)
                }
            }
        }
        @Sendable func step(_ index: Int) {
            guard index < body.count else {
                return write(.end(nil)) { finished.succeed(true) }
            }
            loop.scheduleTask(in: pause) {
                write(.body(.byteBuffer(ByteBuffer(bytes: [body[index]])))) { step(index + 1) }
            }
        }
        loop.execute { write(.head(head)) { step(0) } }
        return (try? await finished.futureResult.get()) ?? false
    }

    /// Waits for the client to hang up (the inbound stream ends when the connection closes) and
    /// counts the reply as abandoned. Always false: the connection is done.
    /// The hang-up is counted from the event loop when the connection closes, not when this task next
    /// runs: a full run on 2 cores can keep the cooperative pool busy for long stretches.
    private func waitForHangUp(_ parts: inout Inbound, on channel: any Channel) async -> Bool {
        let record = self.record
        channel.closeFuture.whenComplete { _ in record.noteAbandoned() }
        do {
            while try await parts.next() != nil {}
        } catch {}
        return false
    }

    private func writeHead(_ status: Int, _ headers: [(String, String)], to outbound: Outbound) async throws {
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: HTTPHeaders(headers))
        try await outbound.write(.head(head))
    }
}
