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

/// A retry must be sent when its wait ends while every thread of Swift's cooperative pool is busy: the
/// wait is a timer on NIO's event loop and the retry is sent from there (EventLoopTimer), not by a task
/// queued behind the pool's work. (A 1 s Retry-After was once sent 34 s late under AddressSanitizer.)
@Suite struct RetryUnderLoadTests {
    @Test func aBusyPoolDoesNotDelayARetry() async {
        // In a process of its own, as above. Exit codes: 3 the 429 never reached the client, 4 the retry was
        // not sent while the pool was busy, 5 it was sent sooner than Retry-After or more than 5 s late,
        // 6 the load did not end with the retry's answer.
        await #expect(processExitsWith: .exitCode(0)) {
            let replies: [ScriptedReply] = [.status(429, headers: [("Retry-After", "1")]), .json(#"{"hello":"later"}"#)]
            // Watched at the transport, the one place every attempt passes, wherever the Webservice sends it.
            let outcome = try await withScriptedServer(["/limited": .sequence(replies)]) { server in
                let transport = TimedTransport(LiveTransport())
                let service = Webservice(transport: transport, retryPolicy: RetryPolicy(baseDelay: .milliseconds(10)))
                let request = WebRequest(url: server.url("/limited"))
                let load = Task { try? await service.load(Resource<Greeting>.json(request)) }
                guard await eventually({ transport.times.answered.count == 1 }) else { return 3 }
                // Every pool thread spins until the retry is sent, or for 20 s.
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                        group.addTask {
                            let end = ContinuousClock.now + .seconds(20)
                            while ContinuousClock.now < end, transport.times.sent.count < 2 {}
                        }
                    }
                }
                let times = transport.times
                let answer = await load.value
                await transport.inner.shutdown()
                guard times.sent.count == 2, let answered = times.answered.first else { return 4 }
                let gap = times.sent[1] - answered
                guard gap >= .milliseconds(900), gap < .seconds(5) else { return 5 }
                return answer == Greeting(hello: "later") ? 0 : 6
            }
            exit(Int32(outcome))
        }
    }
}

/// A transport that notes when each request was handed to it and when each answer came back.
private final class TimedTransport: Transport {
    struct Times {
        var sent: [ContinuousClock.Instant] = []
        var answered: [ContinuousClock.Instant] = []
    }

    let inner: LiveTransport
    private let state = Mutex(Times())

    init(_ inner: LiveTransport) {
        self.inner = inner
    }

    var times: Times { state.withLock { $0 } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        state.withLock { $0.sent.append(.now) }
        defer { state.withLock { $0.answered.append(.now) } }
        return try await inner.send(request)
    }
}
