import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A server written against plain NIO handlers, so that nothing in it runs on Swift's cooperative pool:
/// it reads every request and never answers (the client is then waiting inside AsyncHTTPClient, where a
/// cancellation closes the connection at once), and notes when the client closes the connection. Tests saturate the pool and still see, from here,
/// when the client really hung up.
final class SilentNIOServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let recorder: Recorder

    var closedAt: [NIODeadline] { recorder.closes.withLock { $0 } }
    var requestedAt: [NIODeadline] { recorder.requests.withLock { $0 } }

    private init(channel: any Channel, port: Int, recorder: Recorder) {
        self.channel = channel
        self.port = port
        self.recorder = recorder
    }

    final class Recorder: Sendable {
        let closes = Mutex<[NIODeadline]>([])
        let requests = Mutex<[NIODeadline]>([])
    }

    static func start() async throws -> SilentNIOServer {
        let recorder = Recorder()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentNIOServer(channel: channel, port: channel.localAddress?.port ?? 0, recorder: recorder)
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func shutdown() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let recorder: Recorder

        init(recorder: Recorder) { self.recorder = recorder }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            recorder.requests.withLock { $0.append(.now()) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            recorder.closes.withLock { $0.append(.now()) }
            context.fireChannelInactive()
        }
    }
}
