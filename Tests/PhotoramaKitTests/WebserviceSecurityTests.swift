import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// The plain-http rule and redirects. Nothing here sends traffic beyond loopback: hosts that are not
/// loopback are only ever given to a `RecordingTransport`.
@Suite(.ownThread) struct WebserviceSecurityTests {
    let insecureURL = URL(string: "http://example.invalid/services/rest?api_key=\(testSecret)&q=cats")!

    @Test func plainHTTPToARemoteHostIsRefusedBeforeAnyConnection() async throws {
        let transport = RecordingTransport(json: #"{"hello":"never"}"#)
        let log = try RequestLog()
        let service = Webservice(transport: transport, redactor: Redactor(secrets: [testSecret]), log: log)
        let error = await loadError(service, Resource<Greeting>.json(WebRequest(url: insecureURL)))
        #expect(error == .insecure(host: "example.invalid"))
        #expect(error?.message == "Refusing plain http to example.invalid; use https or pass --allow-insecure")
        #expect(transport.requests.isEmpty)
        #expect(await log.count == 0)
        await expectNoSecret(in: error, log: log)
    }

    @Test func plainHTTPIsRefusedByTheLiveTransportWithoutResolvingTheName() async throws {
        let transport = LiveTransport()
        let log = try RequestLog()
        let service = Webservice(transport: transport, redactor: Redactor(secrets: [testSecret]), log: log)
        let (error, elapsed) = await measure {
            await loadError(service, Resource<Greeting>.json(WebRequest(url: insecureURL)))
        }
        await transport.shutdown()
        #expect(error == .insecure(host: "example.invalid"))
        #expect(elapsed < .seconds(30))
        #expect(await log.count == 0)
        await expectNoSecret(in: error, log: log)
    }

    @Test func allowInsecureSendsTheRequestAsIs() async throws {
        let transport = RecordingTransport(json: #"{"hello":"plain"}"#)
        let service = Webservice(transport: transport, allowInsecure: true)
        let greeting = try await service.load(Resource<Greeting>.json(WebRequest(url: insecureURL)))
        #expect(greeting == Greeting(hello: "plain"))
        #expect(transport.requests.map(\.url) == [insecureURL])
        #expect(transport.requests.map(\.method) == [.get])
    }

    @Test(arguments: ["http://127.0.0.1:9/x", "http://localhost:9/x", "http://[::1]:9/x", "https://example.invalid/x"])
    func loopbackAndHTTPSAreAllowedWithoutTheFlag(url: String) async throws {
        let transport = RecordingTransport(json: #"{"hello":"ok"}"#)
        let service = Webservice(transport: transport)
        let target = try #require(URL(string: url))
        let greeting = try await service.load(Resource<Greeting>.json(WebRequest(url: target)))
        #expect(greeting == Greeting(hello: "ok"))
        #expect(transport.requests.count == 1)
    }

    @Test func redirectToPlainHTTPElsewhereIsRefusedAtThatHop() async throws {
        let transport = RecordingTransport { _, _ in
            .success(WebResponse(status: 302, headers: [("Location", "http://example.invalid/steal")]))
        }
        let log = try RequestLog()
        let service = Webservice(transport: transport, redactor: Redactor(secrets: [testSecret]), log: log)
        let start = try #require(URL(string: "https://api.example.invalid/rest?api_key=\(testSecret)"))
        let error = await loadError(service, Resource<Greeting>.json(WebRequest(url: start)))
        #expect(error == .insecure(host: "example.invalid"))
        #expect(transport.requests.map(\.url) == [start])
        #expect(await log.snapshot().map(\.url) == ["https://api.example.invalid/rest?api_key=***"])
        await expectNoSecret(in: error, log: log)
    }

    @Test func unsupportedSchemeIsInvalidInput() async throws {
        let transport = RecordingTransport(json: "{}")
        let service = Webservice(transport: transport)
        let url = try #require(URL(string: "ftp://127.0.0.1/file?api_key=\(testSecret)"))
        let error = await loadError(service, Resource<Data>.data(WebRequest(url: url)))
        #expect(error == .invalidInput("Unsupported URL scheme \"ftp\""))
        #expect(error?.message == "Unsupported URL scheme \"ftp\"")
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("LOCALHOST", true), ("api.localhost", true),
        ("::1", true), ("[::1]", true), ("128.0.0.1", false), ("127.0.0.256", false), ("127.0.0", false),
        ("example.com", false), ("localhost.example.com", false), ("", false),
    ])
    func loopbackHosts(host: String, loopback: Bool) {
        #expect(Webservice.isLoopback(host) == loopback)
    }
}
