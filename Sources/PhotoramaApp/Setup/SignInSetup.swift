import DemoServer
import Foundation
import PhotoramaConfig
import PhotoramaKit
import PhotoramaLocking

/// Flickr's sign-in for the service this run talks to: which service that is (the demo server, the real
/// Flickr or a `--flickr-url` server, each with a sign-in of its own), where its OAuth addresses are, the
/// consumer that signs, and the stored token (from the data folder, or `token_command` for the real Flickr).
struct SignInSetup: Sendable {
    let service: SignInService
    let oauthBaseURL: URL
    let consumerKey: String
    let store: SignInStore
    private let secret: CredentialSource?
    private let tokenCommand: [String]?
    private let environment: [String: String]

    static let missingSecret = PhotoramaError.invalidInput(
        "Signing in to Flickr needs the key's shared secret: set FLICKR_API_SECRET or flickr.api_secret (photorama config --init)")

    init(
        plan: EndpointPlan, flickrBaseURL: URL, demoOAuthURL: URL?, consumerKey: String, settings: EffectiveSettings,
        environment: [String: String]
    ) {
        switch plan.flickr {
        case .demo:
            service = .demo
            oauthBaseURL = demoOAuthURL ?? flickrBaseURL
        case .real:
            service = .flickr
            oauthBaseURL = FlickrAuthAPI.defaultBaseURL
        case .custom(let url):
            let origin = SignInService.origin(of: url)
            service = .custom(origin: origin)
            oauthBaseURL = URL(string: origin + "/services/oauth") ?? url
        }
        self.consumerKey = consumerKey
        store = SignInStore(environment: environment)
        secret = plan.flickr == .demo ? .literal(DemoAPIKeys.flickrSecret) : settings.flickrSecret.value
        tokenCommand = service == .flickr ? Self.command(settings.flickrToken.value) : nil
        self.environment = environment
    }

    private static func command(_ source: CredentialSource?) -> [String]? {
        if case .command(let arguments) = source { return arguments }
        return nil
    }

    /// The consumer's shared secret; a `secret_command` runs here, on a thread of its own.
    func consumerSecret() async throws(PhotoramaError) -> String {
        switch secret {
        case .literal(let value): return value
        case .command(let arguments):
            return try await run(arguments, name: "flickr.secret_command")
        case nil: throw Self.missingSecret
        }
    }

    /// The stored sign-in of this service, or nil. `token_command` (real Flickr only) prints its line.
    func stored() async throws(PhotoramaError) -> StoredSignIn? {
        guard let tokenCommand else { return try store.load(service) }
        let line = try await run(tokenCommand, name: "flickr.token_command")
        guard let signIn = StoredSignIn(line: line), signIn.service == service else {
            throw .invalidInput("flickr.token_command printed no Flickr sign-in line (see photorama login)")
        }
        return signIn
    }

    /// The credentials that sign this account's calls.
    func credentials(_ signIn: StoredSignIn) async throws(PhotoramaError) -> OAuthCredentials {
        OAuthCredentials(consumerKey: consumerKey, consumerSecret: try await consumerSecret(), token: signIn.account.token)
    }

    func authAPI() async throws(PhotoramaError) -> FlickrAuthAPI {
        FlickrAuthAPI(baseURL: oauthBaseURL, consumerKey: consumerKey, consumerSecret: try await consumerSecret())
    }

    /// Whether the sign-in lives in a program's keeping rather than the data folder.
    var usesTokenCommand: Bool { tokenCommand != nil }

    private func run(_ arguments: [String], name: String) async throws(PhotoramaError) -> String {
        let environment = self.environment
        do {
            return try await OwnThread.run { () throws(ConfigError) in
                try CredentialCommand.run(arguments, name: name, environment: environment)
            }
        } catch {
            throw .invalidInput(error.message)
        }
    }
}
