import Foundation
import Testing

@testable import PhotoramaKit

/// The secret every networking test puts in its URLs and must never find in a message or log line.
let testSecret = "SECRETKEY123"

/// The JSON shape the networking tests decode: `{"hello": "..."}`.
struct Greeting: Decodable, Sendable, Equatable {
    let hello: String
}

/// A scripted server, a `LiveTransport`, a request log and a `Webservice` over them, torn down after
/// `body` whether it throws or not.
struct LiveHarness {
    let server: ScriptedServer
    let service: Webservice
    let log: RequestLog

    /// A URL on the server for `path` with `api_key=SECRETKEY123` in its query.
    func url(_ path: String) -> URL { server.url("\(path)?api_key=\(testSecret)&q=cats") }

    /// Tests default to a 120 s deadline, so a load that only ends at its deadline is told apart from one
    /// that ends promptly by a wide margin, however busy the machine is.
    func request(_ path: String, limits: LoadLimits = LoadLimits(deadline: .seconds(120), maxBodyBytes: LoadLimits.api.maxBodyBytes))
        -> WebRequest
    {
        WebRequest(url: url(path), limits: limits)
    }
}

func withLiveHarness<R>(
    _ routes: [String: ScriptedRoute],
    retryPolicy: RetryPolicy = RetryPolicy(baseDelay: .milliseconds(10)),
    _ body: (LiveHarness) async throws -> R
) async throws -> R {
    try await withScriptedServer(routes) { server in
        let transport = LiveTransport()
        let log = try RequestLog(capacity: 50)
        let service = Webservice(
            transport: transport, redactor: Redactor(secrets: [testSecret]), retryPolicy: retryPolicy, log: log)
        do {
            let result = try await body(LiveHarness(server: server, service: service, log: log))
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}

/// The error a load ends with, or nil when it succeeds.
func loadError<A>(_ service: Webservice, _ resource: Resource<A>) async -> PhotoramaError? {
    do {
        _ = try await service.load(resource)
        return nil
    } catch {
        return error
    }
}

/// Asserts that neither the error (its message and its associated text) nor any log entry contains the
/// secret, raw or percent-encoded.
func expectNoSecret(
    in error: PhotoramaError?, log: RequestLog, sourceLocation: SourceLocation = #_sourceLocation
) async {
    var texts: [String] = []
    if let error { texts += [error.message, String(describing: error)] }
    for entry in await log.snapshot() {
        texts += [entry.url, entry.line]
        if let text = entry.error { texts.append(text) }
    }
    for text in texts {
        #expect(!text.contains(testSecret), "secret leaked in: \(text)", sourceLocation: sourceLocation)
    }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held. For waiting on the
/// server to observe something, never as a fixed sleep.
func eventually(
    within timeout: Duration = .seconds(30), _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + timeout
    while clock.now < end {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// Seconds elapsed while running `body`.
func measure<R>(_ body: () async throws -> R) async rethrows -> (R, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    return (result, clock.now - start)
}
