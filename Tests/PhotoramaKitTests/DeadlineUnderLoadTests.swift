import Foundation
import Synchronization
import Testing

@testable import PhotoramaKit

/// A request's deadline must hold while every thread of Swift's cooperative pool is busy: the
/// connection is closed by a timer on NIO's event loop, not by a task that needs the pool.
@Suite struct DeadlineUnderLoadTests {
    @Test func aBusyPoolDoesNotKeepAnExpiredRequestOpen() async {
        // In a process of its own: occupying the whole pool here would stall every other suite.
        // The child's exit code says what went wrong: 3 the request never arrived, 4 the connection stayed
        // open while the pool was busy, 5 the load ended with another error than the timeout.
        await #expect(processExitsWith: .exitCode(0)) {
            let body = Array(repeating: UInt8(ascii: " "), count: 400)
            let outcome = try await withLiveHarness(["/drip": .always(.drip(body: body, interval: .milliseconds(100)))]) { h in
                let request = h.request("/drip", limits: LoadLimits(deadline: .seconds(1), maxBodyBytes: 1 << 20))
                let service = h.service
                let load = Task { await loadError(service, Resource<Greeting>.json(request)) }
                guard await eventually({ h.server.requests.count == 1 }) else { return 3 }
                // Every pool thread spins until the server sees the client hang up, or for 20 s: the body
                // would take 40 s, so only the deadline (1 s) can end the exchange while they spin.
                let seenWhileBusy = SeenCount()
                let record = h.server.record
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                        group.addTask {
                            let end = ContinuousClock.now + .seconds(20)
                            while ContinuousClock.now < end {
                                if record.abandonedCount == 1 {
                                    seenWhileBusy.count.add(1, ordering: .relaxed)
                                    return
                                }
                            }
                        }
                    }
                }
                let error = await load.value
                guard seenWhileBusy.count.load(ordering: .relaxed) > 0 else { return 4 }
                guard error == .timeout(.seconds(1)) else { return 5 }
                return 0
            }
            exit(Int32(outcome))
        }
    }
}

/// How many spinning tasks saw the hang-up (shared between them without the pool).
private final class SeenCount: Sendable {
    let count = Atomic<Int>(0)
}
