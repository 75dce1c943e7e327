import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Redirects against a real loopback server.
@Suite(.ownThread) struct WebserviceRedirectTests {
    static func chain(_ prefix: String, length: Int, end: ScriptedReply) -> [String: ScriptedRoute] {
        var routes: [String: ScriptedRoute] = [:]
        let statuses = [301, 302, 307, 308]
        for index in 0..<length {
            routes["/\(prefix)\(index)"] = .always(
                .redirect(to: "/\(prefix)\(index + 1)", status: statuses[index % statuses.count]))
        }
        routes["/\(prefix)\(length)"] = .always(end)
        return routes
    }

    @Test func fiveRedirectsAreFollowed() async throws {
        let routes = Self.chain("hop", length: 5, end: .json(#"{"hello":"arrived"}"#))
        try await withLiveHarness(routes) { h in
            let greeting = try await h.service.load(Resource<Greeting>.json(h.request("/hop0")))
            #expect(greeting == Greeting(hello: "arrived"))
            #expect(h.server.requests.map(\.path) == ["/hop0", "/hop1", "/hop2", "/hop3", "/hop4", "/hop5"])
        }
    }

    @Test func aSixthRedirectIsTooManyAndIsNotFollowed() async throws {
        let routes = Self.chain("hop", length: 9, end: .json(#"{"hello":"never"}"#))
        try await withLiveHarness(routes) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/hop0")))
            #expect(error == .tooManyRedirects)
            #expect(error?.message == "Too many redirects")
            // The first request and exactly five followed redirects; not retried.
            #expect(h.server.requests.map(\.path) == ["/hop0", "/hop1", "/hop2", "/hop3", "/hop4", "/hop5"])
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func redirectLoopIsTooManyRedirects() async throws {
        // The Location carries the key, so the log of the second hop must redact it too.
        let query = "?api_key=\(testSecret)&q=cats"
        let routes: [String: ScriptedRoute] = [
            "/a": .always(.redirect(to: "/b" + query)), "/b": .always(.redirect(to: "/a" + query)),
        ]
        try await withLiveHarness(routes) { h in
            let error = await loadError(h.service, Resource<Greeting>.json(h.request("/a")))
            #expect(error == .tooManyRedirects)
            #expect(error?.message == "Too many redirects")
            #expect(h.server.requests.map(\.path) == ["/a", "/b"])
            let base = "http://127.0.0.1:\(h.server.port)"
            #expect(
                await h.log.snapshot().map(\.url) == [
                    "\(base)/a?api_key=***&q=cats", "\(base)/b?api_key=***&q=cats",
                ])
            await expectNoSecret(in: error, log: h.log)
        }
    }

    @Test func temporaryRedirectAfterPostRepeatsThePostWithItsBody() async throws {
        let routes: [String: ScriptedRoute] = ["/form": .always(.redirect(to: "/result", status: 307)), "/result": .always(.echo)]
        try await withLiveHarness(routes) { h in
            let request = WebRequest(
                method: .post, url: h.url("/form"), headers: [("Content-Type", "text/plain")], body: Data("x=1".utf8))
            let echoed = try await h.service.load(Resource<EchoedRequest>.json(request))
            #expect(echoed.method == "POST")
            #expect(echoed.body == "x=1")
            #expect(echoed.headers["content-type"] == "text/plain")
            #expect(h.server.requests.map(\.method) == ["POST", "POST"])
        }
    }

    @Test func seeOtherAfterPostContinuesAsGetWithoutTheBody() async throws {
        let routes: [String: ScriptedRoute] = ["/form": .always(.redirect(to: "/result", status: 303)), "/result": .always(.echo)]
        try await withLiveHarness(routes) { h in
            let request = WebRequest(
                method: .post, url: h.url("/form"), headers: [("Content-Type", "text/plain")], body: Data("x".utf8))
            let echoed = try await h.service.load(Resource<EchoedRequest>.json(request))
            #expect(echoed.method == "GET")
            #expect(echoed.body == "")
            #expect(echoed.headers["content-type"] == nil)
            #expect(h.server.requests.map(\.method) == ["POST", "GET"])
        }
    }
}
