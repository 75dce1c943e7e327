import Hummingbird
import NIOCore

/// Request context that remembers the local port, to build absolute image URLs when a request has no Host.
struct DemoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let localPort: Int
    /// The client's connection: an answer it can no longer take is not made (`DemoResponder`).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localPort = source.channel.localAddress?.port ?? 0
        channel = source.channel
    }
}
