import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Webservice + LiveTransport against a real loopback server: answers that arrive complete.
@Suite(.ownThread) struct WebserviceStatusTests {
    @Test func successDecodesJSONSendsTheRealKeyAndLogsItRedacted() async throws {
        try await withLiveHarness(["/ok": .always(.json(#"{"hello":"world"}"#))]) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/ok")))
            #expect(greeting == Greeting(hello: "world"))

            // The server gets the real key; only text meant for people is redacted.
            #expect(h.server.requests.map(\.uri) == ["/ok?api_key=\(testSecret)&q=cats"])
            let entries = await h.log.snapshot()
            try #require(entries.count == 1)
            #expect(entries[0].method == .get)
            #expect(entries[0].url == "http://127.0.0.1:\(h.server.port)/ok?api_key=***&q=cats")
            #expect(entries[0].status == 200)
            #expect(entries[0].headers == ["content-type": "application/json", "content-length": "17"])
            #expect(entries[0].bytes == 17)
            #expect(entries[0].error == nil)
            await expectNoSecret(in: nil, log: h.log)
        }
    }

    @Test func notFoundIsAnHTTPStatusAndIsNotRetried() async throws {
        try await withLiveHarness(["/missing": .always(.html("<h1>Not Found</h1>", status: 404))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/missing")))
            #expect(error == .httpStatus(404))
            #expect(error?.message == "HTTP 404 Not Found")
            #expect(h.server.requests.count == 1)
            #expect(await h.log.snapshot().map(\.status) == [404])
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func serverErrorWithAnHTMLPageIsAnHTTPStatus() async throws {
        let page = "<html><body><h1>500 Internal Server Error</h1></body></html>"
        try await withLiveHarness(["/boom": .always(.html(page, status: 500))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/boom")))
            #expect(error == .httpStatus(500))
            #expect(error?.message == "HTTP 500 Internal Server Error")
            // 500 is not one of the statuses another attempt may cure.
            #expect(h.server.requests.count == 1)
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func htmlWithStatus200IsNotJSON() async throws {
        try await withLiveHarness(["/portal": .always(.html("<html>Sign in to the Wi-Fi</html>", status: 200))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/portal")))
            #expect(error == .notJSON(contentType: "text/html; charset=utf-8"))
            #expect(error?.message == "The server sent text/html, not JSON")
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func jsonOfTheWrongShapeIsInvalidData() async throws {
        try await withLiveHarness(["/odd": .always(.json(#"{"hello":42}"#))]) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/odd")))
            #expect(error == .invalidData("hello: wrong type"))
            #expect(error?.message == "The response could not be read: hello: wrong type")
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        try await withLiveHarness(["/ok": .always(.json(#"{"hello":"again"}"#))]) { h in
            for _ in 0..<3 {
                _ = try await h.service.load(Resource<Greeting>.json(h.request("/ok")))
            }
            #expect(h.server.requests.count == 3)
            #expect(h.server.record.connectionCount == 1)
        }
    }

    @Test func concurrentLoadsAllSucceedOverAFewPooledConnections() async throws {
        try await withLiveHarness(["/ok": .always(.json(#"{"hello":"many"}"#))]) { h in
            let service = h.service
            let request = h.request("/ok")
            let greetings = try await withThrowingTaskGroup(of: Greeting.self) { group in
                for _ in 0..<24 { group.addTask { try await service.load(Resource<Greeting>.json(request)) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(greetings == Array(repeating: Greeting(hello: "many"), count: 24))
            #expect(h.server.requests.count == 24)
            // AsyncHTTPClient keeps at most 8 HTTP/1 connections per host by default.
            #expect(h.server.record.connectionCount <= 8)
        }
    }

    @Test func postSendsMethodContentTypeLengthAndBodyAsGiven() async throws {
        let form = "text=" + QueryEncoding.encode("café & co") + "&page=2"
        try await withLiveHarness(["/upload": .always(.echo)]) { h in
            let request = WebRequest(
                method: .post, url: h.url("/upload"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(form.utf8))
            let echoed = try await h.service.load(Resource<EchoedRequest>.json(request))
            #expect(echoed.method == "POST")
            #expect(echoed.uri == "/upload?api_key=\(testSecret)&q=cats")
            #expect(echoed.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(echoed.headers["content-length"] == "\(form.utf8.count)")
            // A body's connection is not kept for another request (LiveTransport says why).
            #expect(echoed.headers["connection"] == "close")
            #expect(echoed.body == "text=caf%C3%A9%20%26%20co&page=2")
            #expect(h.server.requests.map(\.body) == [Array(form.utf8)])
            #expect(await h.log.snapshot().map(\.method) == [.post])
        }
    }
}
