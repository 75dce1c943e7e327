import Foundation
import Testing

@testable import PhotoramaKit

/// Signed calls through the one `Webservice`: signed per attempt, nothing secret in the URL or the log.
@Suite struct WebserviceSigningTests {
    static let credentials = OAuthCredentials(
        consumerKey: "consumer-key-1234", consumerSecret: "consumer-secret-5678",
        token: OAuthToken(token: "72157626737672178-022bbd2f4c2f3432", secret: "fccb68c4e6103197"))

    @Test func everyAttemptIsSignedWithAFreshNonce() async throws {
        let transport = RecordingTransport { _, index in
            index == 0
                ? .success(WebResponse(status: 503, headers: [], body: Data()))
                : .success(WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"stat":"ok"}"#.utf8)))
        }
        let log = try RequestLog()
        let service = Webservice(
            transport: transport, redactor: Redactor().adding(Self.credentials),
            retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(1)), log: log)
        let url = try #require(URL(string: "https://api.flickr.com/services/rest?method=flickr.test.login&format=json"))
        let resource = Resource<Data>.data(WebRequest(url: url, oauth: OAuthSigning(credentials: Self.credentials)))
        _ = try await service.load(resource)

        let sent = transport.requests
        #expect(sent.count == 2)
        let headers = sent.compactMap { $0.header("Authorization") }
        #expect(headers.count == 2)
        #expect(Set(headers).count == 2, "a retry is signed again, with its own nonce")
        for (request, header) in zip(sent, headers) {
            #expect(request.url == url)
            #expect(header.hasPrefix("OAuth oauth_consumer_key=\"consumer-key-1234\", oauth_nonce=\""))
            #expect(header.contains("oauth_token=\"72157626737672178-022bbd2f4c2f3432\""))
            // The server's check: the signature over what was sent, with the nonce and timestamp sent.
            let fields = Self.fields(header)
            let signature = OAuthSigner(credentials: Self.credentials).signature(
                of: request, protocolParameters: fields.filter { $0.0 != "oauth_signature" })
            #expect(fields.first { $0.0 == "oauth_signature" }?.1 == signature)
        }
        let logged = await log.snapshot().map(\.url).joined(separator: " ")
        for secret in ["consumer-secret-5678", "fccb68c4e6103197", "72157626737672178", "oauth_"] { #expect(!logged.contains(secret)) }
    }

    /// `name="value"` pairs of an OAuth header, decoded.
    static func fields(_ header: String) -> [(String, String)] {
        header.dropFirst("OAuth ".count).split(separator: ",").map { item in
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            let value = parts.count > 1 ? String(parts[1].dropFirst().dropLast()) : ""
            return (String(parts[0]), value.removingPercentEncoding ?? value)
        }
    }
}
