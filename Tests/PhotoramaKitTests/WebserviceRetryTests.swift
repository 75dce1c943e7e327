import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Retries and rate limits against a real loopback server.
@Suite(.ownThread) struct WebserviceRetryTests {
    @Test func serviceUnavailableThenSuccessIsRetried() async throws {
        let replies: [ScriptedReply] = [.status(503), .json(#"{"hello":"recovered"}"#)]
        try await withLiveHarness(["/busy": .sequence(replies)]) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/busy")))
            #expect(greeting == Greeting(hello: "recovered"))
            #expect(h.server.requests.count == 2)
            #expect(await h.log.snapshot().map(\.status) == [503, 200])
            await expectNoSecret(in: nil, log: h.log)
        }
    }

    @Test(arguments: [502, 503, 504])
    func persistentGatewayFailureStopsAfterTwoRetries(status: Int) async throws {
        try await withLiveHarness(["/down": .always(.status(status))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/down")))
            #expect(error == .httpStatus(status))
            #expect(error?.message == "HTTP \(status) \(PhotoramaError.reason(status) ?? "")")
            #expect(h.server.requests.count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func postIsNeverRetried() async throws {
        try await withLiveHarness(["/upload": .sequence([.status(503), .echo])]) { h in
            let request = WebRequest(
                method: .post, url: h.url("/upload"), headers: [("Content-Type", "application/json")],
                body: Data(#"{"a":1}"#.utf8))
            let error = await loadError(h.service, Resource<EchoedRequest>.json(request))
            #expect(error == .httpStatus(503))
            #expect(error?.message == "HTTP 503 Service Unavailable")
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func postIsNotRetriedAfterALostConnection() async throws {
        let cut = ScriptedReply.truncated(declaredLength: 50, body: Array("{".utf8))
        try await withLiveHarness(["/upload": .always(cut)]) { h in
            let request = WebRequest(method: .post, url: h.url("/upload"), body: Data("x=1".utf8))
            let error = await loadError(h.service, Resource<Greeting>.json(request))
            let detail = "127.0.0.1:\(h.server.port) closed the connection before the response was complete"
            #expect(error == .connectionLost(detail))
            #expect(error?.message == "Connection lost: \(detail)")
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func tooManyRequestsWithAShortRetryAfterIsHonoured() async throws {
        let replies: [ScriptedReply] = [.status(429, headers: [("Retry-After", "1")]), .json(#"{"hello":"later"}"#)]
        try await withLiveHarness(["/limited": .sequence(replies)]) { h in
            let (greeting, elapsed) = try await measure {
                try await h.service.load(Resource<Greeting>.json(h.request("/limited")))
            }
            #expect(greeting == Greeting(hello: "later"))
            #expect(elapsed >= .seconds(1))
            #expect(elapsed < .seconds(30))
            #expect(h.server.requests.count == 2)
            let entries = await h.log.snapshot()
            #expect(entries.map(\.status) == [429, 200])
            #expect(entries.first?.headers["retry-after"] == "1")
        }
    }

    @Test func cancellingWhileWaitingToRetryEndsPromptlyAsCancelled() async throws {
        try await withLiveHarness(["/limited": .always(.status(429, headers: [("Retry-After", "10")]))]) { h in
            let service = h.service
            let request = h.request("/limited")
            let load = Task(executorPreference: OwnThreadTrait.executor) { await loadError(service, Resource<Greeting>.json(request)) }
            // The 429 has been logged: the load is now waiting 10 s before its retry.
            #expect(await eventually { await h.log.count == 1 })
            let (error, elapsed) = await measure {
                load.cancel()
                return await load.value
            }
            #expect(error == .cancelled)
            #expect(elapsed < .seconds(30))
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func tooManyRequestsWithALongRetryAfterFailsAtOnce() async throws {
        try await withLiveHarness(["/limited": .always(.status(429, headers: [("Retry-After", "60")]))]) { h in
            let (error, elapsed) = await measure {
                await loadError(h.service, Resource<Greeting>.json(h.request("/limited")))
            }
            #expect(error == .rateLimited(retryAfter: 60))
            #expect(error?.message == "Rate limited: try again in 60 s")
            #expect(elapsed < .seconds(30))
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func tooManyRequestsWithoutRetryAfterEndsRateLimited() async throws {
        try await withLiveHarness(["/limited": .always(.status(429))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/limited")))
            #expect(error == .rateLimited(retryAfter: nil))
            #expect(error?.message == "Rate limited: try again later")
            #expect(h.server.requests.count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func refusedConnectionIsOfflineAfterRetries() async throws {
        // Bound but never listening, and held for the whole test: connecting is refused at once.
        let refusing = try RefusingPort()
        let closed = refusing.port
        let transport = LiveTransport()
        let log = try RequestLog()
        let service = Webservice(
            transport: transport, redactor: Redactor(secrets: [testSecret]),
            retryPolicy: RetryPolicy(baseDelay: .milliseconds(10)), log: log)
        let url = try #require(URL(string: "http://127.0.0.1:\(closed)/x?api_key=\(testSecret)"))
        // "At once" without a clock: each attempt's deadline (5 s, an event-loop timer) is shorter than the
        // client's connect timeout (10 s), so a client that kept retrying the connection would end in a
        // timeout, whatever the busy pool does to how long the test takes.
        let limits = LoadLimits(deadline: .seconds(5), maxBodyBytes: LoadLimits.api.maxBodyBytes)
        let error = await loadError(service, Resource<Greeting>.json(WebRequest(url: url, limits: limits)))
        await transport.shutdown()
        #expect(error == .offline("could not connect to 127.0.0.1:\(closed)"))
        #expect(error?.message == "Offline: could not connect to 127.0.0.1:\(closed)")
        #expect(await log.count == 3)
        await expectNoSecret(in: error, log: log)
        withExtendedLifetime(refusing) {}
    }
}
