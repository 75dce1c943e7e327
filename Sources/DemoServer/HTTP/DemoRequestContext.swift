import Hummingbird

/// Request context that remembers the local port, to build absolute image URLs when a request has no Host.
struct DemoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let localPort: Int

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localPort = source.channel.localAddress?.port ?? 0
    }
}
