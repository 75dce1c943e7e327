import AsyncHTTPClient
import DemoServer
import Foundation
import NIOCore
import NIOHTTP1
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Starts a demo server on 127.0.0.1:0 for the body, and always stops it. The whole catalog is made
/// before the body runs (`wholeCatalog`), as the server did at start before it became lazy: a first
/// search then does not make 20,000 photos and the word index inside its 30 s deadline on a machine
/// busy with the whole suite. LazyCatalogTests covers answers from a catalog made on demand.
func withDemoServer<T>(
    seed: UInt64 = 1, faults: FaultInjection = .none, wholeCatalog: Bool = true, _ body: (RunningDemoServer) async throws -> T
) async throws -> T {
    let server = try await RunningDemoServer.start(DemoServerConfiguration(seed: seed, faults: faults), executor: OwnThreadTrait.executor)
    if wholeCatalog { await server.prepareWholeCatalog() }
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

struct FetchedResponse {
    let status: Int
    let headers: [(String, String)]
    let body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(body))
        return try #require(value as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    func jsonArray() throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(body))
        return try #require(value as? [[String: Any]], "not a JSON array: \(text.prefix(200))")
    }
}

enum Fetch {
    static func get(_ url: String, headers: [(String, String)] = []) async throws -> FetchedResponse {
        try await send(url, method: .GET, headers: headers, body: nil)
    }

    static func post(_ url: String, form: String, headers: [(String, String)] = []) async throws -> FetchedResponse {
        try await send(
            url, method: .POST, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
    }

    /// The body is collected on NIO's event loop by the browser's own `BodyCollector`, which copies it there.
    /// Collecting the async body (`collect(upTo:)`) kept NIO's pooled receive buffer as the first part and
    /// grew it on the test's thread; NIO reuses that buffer once its reference count says nobody else holds it,
    /// an ordering ThreadSanitizer cannot see (Swift's reference counting is not instrumented), and it
    /// reported a race on the buffer's storage twice in about a dozen runs of the suite.
    static func send(_ url: String, method: NIOHTTP1.HTTPMethod, headers: [(String, String)], body: [UInt8]?) async throws
        -> FetchedResponse
    {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        let request = try HTTPClient.Request(url: url, method: method, headers: fields, body: body.map { .bytes($0) })
        let collector = BodyCollector(limit: 64 << 20, method: PhotoramaKit.HTTPMethod(rawValue: method.rawValue) ?? .get)
        let response = try await HTTPClient.shared.execute(
            request: request, delegate: collector, deadline: .now() + .seconds(30)
        ).futureResult.get()
        return FetchedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: Array(response.body))
    }
}

extension RunningDemoServer {
    /// A Flickr REST URL with these parameters (plus format=json&nojsoncallback=1 unless given).
    func flickr(_ parameters: [(String, String)], key: Bool = true, json: Bool = true) -> String {
        var items = parameters
        if key { items.append(("api_key", DemoAPIKeys.flickr)) }
        if json && !parameters.contains(where: { $0.0 == "format" }) { items += [("format", "json"), ("nojsoncallback", "1")] }
        return flickrURL.absoluteString + "?" + FormEncoding.encode(items)
    }
}

enum FormEncoding {
    static func encode(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return items.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }
}

/// Flickr JSON accessors tolerant of numbers sent as strings.
extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) throws -> [String: Any] { try #require(self[key] as? [String: Any], "missing object \(key)") }
    func array(_ key: String) throws -> [[String: Any]] { try #require(self[key] as? [[String: Any]], "missing array \(key)") }
    func string(_ key: String) throws -> String { try #require(self[key] as? String, "missing string \(key)") }
    func int(_ key: String) throws -> Int { try #require(self[key] as? Int, "missing number \(key)") }
}
