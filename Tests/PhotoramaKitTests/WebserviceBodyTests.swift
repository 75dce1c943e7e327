import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Webservice + LiveTransport against bodies that misbehave: too slow, cut short, too big, never ending.
@Suite(.ownThread) struct WebserviceBodyTests {
    static let mebibyte = 1 << 20

    // MARK: - Slow bodies
    @Test func slowDripFailsAtTheDeadlineNotWhenTheBodyEnds() async throws {
        // 40 bytes at one per 2 s would take 80 s; the deadline is 1 s. The upper bound (30 s) is far below
        // the body's end yet leaves room for a 2-core CI where other suites keep the cooperative pool busy.
        let body = Array(#"{"hello":"a very slow answer indeed...."}"#.utf8)
        try await withLiveHarness(["/drip": .always(.drip(body: body, interval: .seconds(2)))]) { h in
            let limits = LoadLimits(deadline: .seconds(1), maxBodyBytes: Self.mebibyte)
            let (error, elapsed) = await measure {
                await loadError(h.service, Resource<Greeting>.json(h.request("/drip", limits: limits)))
            }
            #expect(error == .timeout(.seconds(1)))
            #expect(error?.message == "Timed out after 1 s")
            #expect(elapsed >= .seconds(1))
            #expect(elapsed < .seconds(30))
            // A timeout is not retried, and the client hung up rather than waiting for the rest.
            // The server notices the hang-up on its event loop at its next byte (2 s), whatever the pool does.
            #expect(await eventually { h.server.requests.count == 1 })
            #expect(await eventually { h.server.record.abandonedCount == 1 })
            #expect(await h.log.snapshot().map(\.error) == ["Timed out after 1 s"])
            await expectNoSecret(in: error, log: h.log)
        }
    }

    // MARK: - Connections cut short
    @Test func truncatedBodyIsConnectionLostAndRetriedForGET() async throws {
        let short = ScriptedReply.truncated(declaredLength: 100, body: Array(#"{"hello":"#.utf8))
        try await withLiveHarness(["/cut": .always(short)]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/cut")))
            let detail = "127.0.0.1:\(h.server.port) closed the connection before the response was complete"
            #expect(error == .connectionLost(detail))
            #expect(error?.message == "Connection lost: \(detail)")
            // One attempt and the two retries the policy allows.
            #expect(h.server.requests.count == 3)
            #expect(await h.log.count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func truncatedChunkedBodyIsConnectionLost() async throws {
        try await withLiveHarness(["/cut": .always(.truncatedChunked(body: Array(#"{"hello":"#.utf8)))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/cut")))
            let detail = "127.0.0.1:\(h.server.port) closed the connection before the response was complete"
            #expect(error == .connectionLost(detail))
            #expect(error?.message == "Connection lost: \(detail)")
            #expect(h.server.requests.count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func hangingUpWithoutAnAnswerIsConnectionLostAndRetried() async throws {
        try await withLiveHarness(["/gone": .sequence([.hangUp, .json(#"{"hello":"back"}"#)]), "/never": .always(.hangUp)]) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/gone")))
            #expect(greeting == Greeting(hello: "back"))
            #expect(h.server.requests(to: "/gone").count == 2)

            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/never")))
            let detail = "127.0.0.1:\(h.server.port) closed the connection before the response was complete"
            #expect(error == .connectionLost(detail))
            #expect(error?.message == "Connection lost: \(detail)")
            #expect(h.server.requests(to: "/never").count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func resetMidBodyIsConnectionLostAndRetriedForGET() async throws {
        let reset = ScriptedReply.reset(declaredLength: 100, body: Array(#"{"hello":"#.utf8))
        try await withLiveHarness(["/reset": .always(reset)]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/reset")))
            let detail = "127.0.0.1:\(h.server.port) reset the connection before the response was complete"
            #expect(error == .connectionLost(detail))
            #expect(error?.message == "Connection lost: \(detail)")
            #expect(h.server.requests.count == 3)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func truncatedThenCompleteSucceedsOnRetry() async throws {
        let replies: [ScriptedReply] = [
            .truncated(declaredLength: 100, body: Array("{".utf8)), .json(#"{"hello":"second"}"#),
        ]
        try await withLiveHarness(["/flaky": .sequence(replies)]) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/flaky")))
            #expect(greeting == Greeting(hello: "second"))
            #expect(h.server.requests.count == 2)
        }
    }

    // MARK: - Size limits
    @Test(arguments: [true, false])
    func oversizedBodyIsTooLargeAndIsNotReadWhole(declareLength: Bool) async throws {
        // 64 MiB offered, 1 MiB allowed: the client must stop reading, so the server cannot push it all.
        let total = 64 * Self.mebibyte
        let huge = ScriptedReply.stream(total: total, chunkSize: 64 << 10, declareLength: declareLength)
        try await withLiveHarness(["/huge": .always(huge)]) { h in
            let limits = LoadLimits(deadline: .seconds(120), maxBodyBytes: Self.mebibyte)
            let error = await loadError(h.service, Resource<Data>.data(h.request("/huge", limits: limits)))
            #expect(error == .tooLarge(limit: Self.mebibyte))
            #expect(error?.message == "The response is larger than 1 MiB")
            #expect(h.server.requests.count == 1)
            #expect(await eventually { h.server.record.abandonedCount == 1 })
            #expect(h.server.record.streamedBytes < total / 8)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test(arguments: [true, false])
    func bodyExactlyAtTheLimitIsAcceptedAndOneByteMoreIsNot(declareLength: Bool) async throws {
        let limit = 64 << 10
        let routes: [String: ScriptedRoute] = [
            "/exact": .always(.stream(total: limit, chunkSize: 4096, declareLength: declareLength)),
            "/over": .always(.stream(total: limit + 1, chunkSize: 4096, declareLength: declareLength)),
        ]
        try await withLiveHarness(routes) { h in
            let limits = LoadLimits(deadline: .seconds(120), maxBodyBytes: limit)
            let data = try await h.service.load(Resource<Data>.data(h.request("/exact", limits: limits)))
            #expect(data.count == limit)
            let error = await loadError(h.service, Resource<Data>.data(h.request("/over", limits: limits)))
            #expect(error == .tooLarge(limit: limit))
            #expect(error?.message == "The response is larger than 64 KiB")
        }
    }

    // MARK: - Silent servers
    @Test func serverThatNeverAnswersTimesOutAtTheDeadline() async throws {
        try await withLiveHarness(["/silent": .always(.silent)]) { h in
            let limits = LoadLimits(deadline: .milliseconds(800), maxBodyBytes: Self.mebibyte)
            let (error, elapsed) = await measure {
                await loadError(h.service, Resource<Greeting>.json(h.request("/silent", limits: limits)))
            }
            #expect(error == .timeout(.milliseconds(800)))
            #expect(error?.message == "Timed out after 800 ms")
            #expect(elapsed >= .milliseconds(800))
            #expect(elapsed < .seconds(30))
            // The server counts the hang-up on its event loop when the connection closes, whatever the pool does.
            #expect(await eventually { h.server.requests.count == 1 })
            #expect(await eventually { h.server.record.abandonedCount == 1 })
            await expectNoSecret(in: error, log: h.log)
        }
    }

    // MARK: - HEAD answers
    @Test func headWithAHugeContentLengthIsNotTooLarge() async throws {
        // HEAD answers carry the size of the body a GET would get, and no body.
        let head = ScriptedReply.respond(status: 200, headers: [("Content-Length", "\(64 * Self.mebibyte)")])
        try await withLiveHarness(["/image.jpg": .always(head)]) { h in
            let url = h.url("/image.jpg")
            let limits = LoadLimits(deadline: .seconds(120), maxBodyBytes: Self.mebibyte)
            let response = try await h.service.send(WebRequest(method: .head, url: url, limits: limits))
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "\(64 * Self.mebibyte)")
            #expect(response.body.isEmpty)
            #expect(h.server.requests.map(\.method) == ["HEAD"])
        }
    }

    // MARK: - Cancellation
    @Test func alreadyCancelledLoadSendsNothing() async throws {
        try await withLiveHarness(["/ok": .always(.json(#"{"hello":"never"}"#))]) { h in
            let service = h.service
            let request = h.request("/ok")
            let error = await Task(executorPreference: OwnThreadTrait.executor) {
                withUnsafeCurrentTask { $0?.cancel() }
                return await loadError(service, Resource<Greeting>.json(request))
            }.value
            #expect(error == .cancelled)
            #expect(h.server.requests.isEmpty)
            #expect(h.server.record.connectionCount == 0)
        }
    }

    @Test func cancellingBeforeTheHeadEndsPromptlyAsCancelled() async throws {
        try await withLiveHarness(["/silent": .always(.silent)]) { h in
            let service = h.service
            let request = h.request("/silent")
            let load = Task(executorPreference: OwnThreadTrait.executor) { await loadError(service, Resource<Greeting>.json(request)) }
            #expect(await eventually { h.server.requests.count == 1 })
            let (error, elapsed) = await measure {
                load.cancel()
                return await load.value
            }
            #expect(error == .cancelled)
            #expect(elapsed < .seconds(30))
            #expect(await eventually { h.server.record.abandonedCount == 1 })
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func cancellingMidBodyEndsPromptlyAsCancelled() async throws {
        let endless = ScriptedReply.stall(declaredLength: 10_000, body: Array(#"{"hello":"#.utf8))
        try await withLiveHarness(["/endless": .always(endless)]) { h in
            let service = h.service
            let request = h.request("/endless")  // the tests' 120 s deadline: only cancellation ends it soon
            let load = Task(executorPreference: OwnThreadTrait.executor) { await loadError(service, Resource<Greeting>.json(request)) }
            #expect(await eventually { h.server.record.streamedBytes > 0 })
            let (error, elapsed) = await measure {
                load.cancel()
                return await load.value
            }
            #expect(error == .cancelled)
            #expect(error?.message == "Cancelled")
            #expect(error?.isUserVisible == false)
            #expect(elapsed < .seconds(30))
            // The connection was closed, not left hanging, and the load was not retried.
            #expect(await eventually { h.server.record.abandonedCount == 1 })
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }
}
