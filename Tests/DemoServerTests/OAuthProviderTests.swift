import DemoServer
import Foundation
import PhotoramaKit
import SeededRandom
import Testing

/// The demo server as an OAuth 1.0a provider, against PhotoramaKit's signer (the two do not share code).
@Suite struct OAuthProviderTests {
    static let consumer = OAuthCredentials(consumerKey: DemoAPIKeys.flickr, consumerSecret: DemoAPIKeys.flickrSecret)

    // MARK: - Every signed request accepted, every changed byte refused
    @Test func acceptsWhatTheClientSignsAndRefusesAnyChangedByte() async throws {
        try await withDemoServer { server in
            var random = SeededGenerator(seed: 5849)
            let signer = OAuthSigner(credentials: Self.consumer)
            for round in 0..<40 {
                let request = try Self.randomRequest(&random, server: server, post: round % 2 == 1)
                let signed = signer.signed(request, nonce: OAuthSigner.nonce(), timestamp: OAuthSigner.timestamp())
                let changed = Self.changeOneByte(signed, &random, round: round)
                let refused = try await Self.send(changed)
                // A changed consumer key is an unknown key (100); any other change breaks the signature (96).
                #expect(refused.code == (round % 4 == 3 ? 100 : 96), "round \(round): a changed byte must be refused, got \(refused)")
                let accepted = try await Self.send(signed)
                #expect(accepted.code == nil, "round \(round): \(accepted)")
                let replayed = try await Self.send(signed)
                #expect(replayed.code == 96 && replayed.message == "Invalid signature (oauth_problem=nonce_used)", "round \(round)")
            }
        }
    }

    /// flickr.test.echo with random parameters: reserved characters, spaces, UTF-8, repeats, empty values.
    static func randomRequest(_ random: inout SeededGenerator, server: RunningDemoServer, post: Bool) throws -> WebRequest {
        let alphabet = Array("abcXYZ019-._~ !*'();:@&=+$,/?#[]%é猫\u{1F600}\"<>\\^`{|}")
        func text(_ random: inout SeededGenerator, _ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var items: [(String, String)] = [("method", "flickr.test.echo"), ("format", "json"), ("nojsoncallback", "1")]
        for index in 0..<Int(2 + random.next() % 5) {
            let name = "p\(index)" + text(&random, Int(random.next() % 3))
            items.append((name, text(&random, Int(random.next() % 12))))
            if random.next() % 4 == 0 { items.append((name, text(&random, 3))) }
        }
        let base = try #require(URL(string: server.flickrURL.absoluteString))
        if post {
            return WebRequest(
                method: .post, url: base, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(QueryEncoding.query(items).utf8))
        }
        return WebRequest(url: try #require(QueryEncoding.url(base: base, items: items)))
    }

    /// One letter or digit changed to another: in the query or body (outside any %XX), the signature or the nonce.
    static func changeOneByte(_ request: WebRequest, _ random: inout SeededGenerator, round: Int) -> WebRequest {
        var changed = request
        // `skipEscapes` texts are the query or body: the change goes after method, format and nojsoncallback
        // (a changed format would be answered in XML, a changed method as unknown, before any signature check).
        func flip(_ text: String, skipEscapes: Bool) -> String {
            var bytes = Array(text.utf8)
            var candidates: [Int] = []
            var index = 0
            if skipEscapes, text.hasPrefix("method=") {
                index = bytes.indices.filter { bytes[$0] == UInt8(ascii: "&") }.dropFirst(2).first ?? 0
            }
            while index < bytes.count {
                if skipEscapes, bytes[index] == UInt8(ascii: "%") {
                    index += 3
                    continue
                }
                let byte = bytes[index]
                if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                    candidates.append(index)
                }
                index += 1
            }
            let at = candidates[Int(random.next() % UInt64(candidates.count))]
            bytes[at] = bytes[at] == UInt8(ascii: "q") ? UInt8(ascii: "r") : UInt8(ascii: "q")
            return String(decoding: bytes, as: UTF8.self)
        }
        switch round % 4 {
        case 0:
            if let body = request.body {
                changed.body = Data(flip(String(decoding: body, as: UTF8.self), skipEscapes: true).utf8)
            } else {
                let parts = request.url.absoluteString.split(separator: "?", maxSplits: 1)
                changed.url = URL(string: String(parts[0]) + "?" + flip(String(parts[1]), skipEscapes: true)) ?? request.url
            }
        default:
            let header = request.header("Authorization") ?? ""
            let field = round % 4 == 1 ? "oauth_signature=\"" : round % 4 == 2 ? "oauth_nonce=\"" : "oauth_consumer_key=\""
            let start = header.range(of: field)?.upperBound ?? header.endIndex
            let end = header[start...].firstIndex(of: "\"") ?? header.endIndex
            let value = flip(String(header[start..<end]), skipEscapes: true)
            changed.headers =
                [(name: "Authorization", value: String(header[..<start]) + value + String(header[end...]))]
                + request.headers.filter { $0.name != "Authorization" }
        }
        return changed
    }

    struct Outcome: CustomStringConvertible {
        let code: Int?
        let message: String?
        var description: String { code.map { "fail \($0) \(message ?? "")" } ?? "ok" }
    }

    static func send(_ request: WebRequest) async throws -> Outcome {
        let response = try await Fetch.send(
            request.url.absoluteString, method: request.method == .post ? .POST : .GET,
            headers: request.headers.map { ($0.name, $0.value) }, body: request.body.map { Array($0) })
        let json = try response.json()
        if json["stat"] as? String == "ok" { return Outcome(code: nil, message: nil) }
        return Outcome(code: json["code"] as? Int, message: json["message"] as? String)
    }
}
