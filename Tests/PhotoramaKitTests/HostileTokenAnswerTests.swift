import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// Token answers a hostile or broken server may send, over real HTTP: each is one line, quotes nothing it
/// received, and nothing becomes a token.
@Suite(.ownThread) struct HostileTokenAnswerTests {
    static let marker = "HOSTILE-SECRET-MARKER"

    static func load(_ body: [UInt8], status: Int = 200) async throws -> PhotoramaError? {
        let transport = LiveTransport()
        let error = try await withScriptedServer([
            "/services/oauth/request_token": .always(.respond(status: status, body: body)),
            "/services/oauth/access_token": .always(.respond(status: status, body: body)),
        ]) { server -> PhotoramaError? in
            let auth = FlickrAuthAPI(
                baseURL: server.url("/services/oauth"), consumerKey: "consumer-key", consumerSecret: "consumer-secret")
            let webservice = Webservice(transport: transport)
            do throws(PhotoramaError) {
                _ = try await webservice.load(
                    try auth.accessToken(OAuthToken(token: "request", secret: "secret1"), verifier: "123-456-789", permission: .write))
                return nil
            } catch {
                return error
            }
        }
        await transport.shutdown()
        return error
    }

    @Test func anOversizedAnswerIsRefusedBeforeItIsRead() async throws {
        let body = Array("oauth_token=\(Self.marker)&oauth_token_secret=".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        #expect(try await Self.load(body) == .tooLarge(limit: 16 << 10))
    }

    @Test func aMalformedAnswerIsOneLine() async throws {
        let error = try await Self.load(Array("<html>\(Self.marker)</html>".utf8))
        #expect(error == .invalidData("the token answer has no oauth_token and oauth_token_secret"))
        #expect(error?.message == "The response could not be read: the token answer has no oauth_token and oauth_token_secret")
    }

    @Test func aTokenWithControlCharactersIsRefused() async throws {
        for token in ["72157%1B%5B2J\(Self.marker)", "ok%0Aline", "quote%22d", "sp%20ace"] {
            let body = "oauth_token=\(token)&oauth_token_secret=s3cr3t&user_nsid=1%40N01&username=x"
            let error = try await Self.load(Array(body.utf8))
            #expect(error == .invalidData("the token answer holds characters no token has"), "\(token)")
            #expect(error?.message.contains(Self.marker) == false)
            #expect(error?.message.contains("\u{1B}") == false)
        }
    }

    @Test func aRefusalNamesOnlyAKnownProblem() async throws {
        let error = try await Self.load(Array("oauth_problem=\u{1B}[31m\(Self.marker)".utf8), status: 401)
        #expect(error?.message == "API error 401: Flickr refused the sign-in (unknown problem)")
    }
}
