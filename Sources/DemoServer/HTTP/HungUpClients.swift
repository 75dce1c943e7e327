import NIOCore
import PhotoramaLocking

/// Connections whose client has hung up (its side closed: AsyncHTTPClient closes the connection to cancel a
/// request in flight), so an answer still waiting for a render queue is not made for nobody. A browser
/// holding PgDn cancels a page's thumbnails as it leaves the page; rendered anyway, they kept both render
/// queues busy for a second after the last key, in front of the final page's (issue 42, point 4). The
/// server allows half-closure, so a hung-up channel stays active until its answer is written. A client that
/// closes its side on purpose after its request (`nc -N`) gets status 499, no answer; none of ours does.
final class HungUpClients: Sendable {
    private let closed = Locked<Set<ObjectIdentifier>>([])

    /// Whether the client of `channel` has closed its side.
    func hasHungUp(_ channel: any Channel) -> Bool {
        closed.withLock { $0.contains(ObjectIdentifier(channel)) }
    }

    fileprivate func inputClosed(_ channel: any Channel) {
        _ = closed.withLock { $0.insert(ObjectIdentifier(channel)) }
    }

    fileprivate func forget(_ channel: any Channel) {
        _ = closed.withLock { $0.remove(ObjectIdentifier(channel)) }
    }

    /// A handler for each connection's pipeline that tells this list when its client hangs up.
    func watch() -> any RemovableChannelHandler {
        HangUpWatch(list: self)
    }
}

/// Notes a connection's half-closure in `HungUpClients`, and forgets it when the connection ends (its
/// identifier may then name another).
private final class HangUpWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny
    let list: HungUpClients

    init(list: HungUpClients) {
        self.list = list
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(ChannelEvent.inputClosed) = event as? ChannelEvent { list.inputClosed(context.channel) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        list.forget(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        list.forget(context.channel)
    }
}
