import Foundation
import NIOCore
import Testing

@testable import PhotoramaKit

/// Deadlines fire on NIO's event loop: with every thread of Swift's cooperative pool busy with work that
/// never yields, a 1 s deadline still closes the connection at 1 s (seen by a server that runs on the
/// event loop only), and the caller gets "Timed out after 1 s" as soon as the pool is free again.
@Suite(.serialized) struct DeadlineUnderLoadTests {
    @Test func theDeadlineClosesTheConnectionOnTimeWhileThePoolIsSaturated() async throws {
        let server = try await SilentNIOServer.start()
        let transport = LiveTransport()
        let service = Webservice(transport: transport, retryPolicy: .never)
        let request = WebRequest(url: server.url("/silent"), limits: LoadLimits(deadline: .seconds(1), maxBodyBytes: 1 << 20))
        let started = NIODeadline.now()
        let load = Task { await loadError(service, Resource<Data>.data(request)) }
        // Wait until the server has the request: the client is then waiting for the answer.
        let clock = ContinuousClock()
        let waitEnd = clock.now + .seconds(30)
        while server.requestedAt.isEmpty {
            guard clock.now < waitEnd else { Issue.record("the request never arrived"); return }
            try await Task.sleep(for: .milliseconds(5))
        }
        let sent = try #require(server.requestedAt.first)
        // Fill every pool thread for 3.5 s with work that never yields.
        let busy = Duration.milliseconds(3500)
        let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { Spin.for(busy) }
        }
        for spinner in spinners { await spinner.value }
        let error = await load.value
        #expect(error == .timeout(.seconds(1)))
        #expect(error?.message == "Timed out after 1 s")
        // The event loop closed the connection at the deadline, long before the pool was free again.
        let closed = try #require(server.closedAt.first)
        #expect(closed - started >= .seconds(1))
        let afterRequest = closed - sent
        #expect(afterRequest < .milliseconds(2500), "closed \(afterRequest.nanoseconds / 1_000_000) ms after the request")
        await transport.shutdown()
        await server.shutdown()
    }
}

/// Burns CPU on the current thread without suspending.
enum Spin {
    static func `for`(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        var x: UInt64 = 1
        while ContinuousClock.now < end {
            for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1 }
        }
        if x == 0 { print("unreachable") }
    }
}
