import NIOCore
import NIOEmbedded
import Testing

@testable import DemoServer

/// A client that hangs up (closes its side: AsyncHTTPClient cancelling a request in flight) is known to the
/// responder, which then makes no answer for it (issue 42, point 4); a connection that ends is forgotten.
@Suite struct HungUpClientsTests {
    @Test func aConnectionIsHungUpOnceItsClientClosesItsSideAndForgottenWhenItEnds() throws {
        let list = HungUpClients()
        let leaving = EmbeddedChannel(handler: list.watch())
        let staying = EmbeddedChannel(handler: list.watch())
        #expect(!list.hasHungUp(leaving))
        leaving.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(list.hasHungUp(leaving))
        #expect(!list.hasHungUp(staying))
        // Other events pass through and change nothing.
        staying.pipeline.fireUserInboundEventTriggered(ChannelEvent.outputClosed)
        #expect(!list.hasHungUp(staying))
        _ = try leaving.finish()
        #expect(!list.hasHungUp(leaving))
        _ = try staying.finish()
    }
}
