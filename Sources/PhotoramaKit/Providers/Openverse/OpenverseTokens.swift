import PhotoramaLocking

/// A token as Openverse grants it.
public struct OpenverseGrant: Sendable, Equatable {
    public var accessToken: String
    /// Seconds it lives, when the API says.
    public var expiresIn: Int?
}

/// A registered Openverse client (OAuth2 client credentials) and its bearer token, shared by every copy of
/// the `PhotoService` that holds it: the token is asked for on first use, again once its `expires_in` has
/// passed, and again when the API refuses it (401; `PhotoService` then sends the refused request once more).
/// The secret only ever travels in the token request's body; nothing here prints it.
public final class OpenverseTokens: Sendable {
    private struct Held {
        var token: String
        var expires: ContinuousClock.Instant?
    }

    public let clientID: String
    private let secret: String
    private let held: Locked<Held?> = Locked(nil)
    private let now: @Sendable () -> ContinuousClock.Instant

    /// `now` is the clock expiry is read on (tests move it on).
    public init(clientID: String, secret: String, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.clientID = clientID
        self.secret = secret
        self.now = now
    }

    /// The token to send: the one held while it lives, else a new one. `refused` is a token the API has
    /// just refused: a new one is asked for unless another request has already replaced it.
    public func token(_ api: OpenverseAPI, _ webservice: Webservice, refused: String? = nil) async throws(PhotoramaError) -> String {
        let instant = now()
        if let current = held.withLock({ $0 }), current.token != refused, current.expires.map({ instant < $0 }) ?? true {
            return current.token
        }
        let grant = try await webservice.load(try api.grant(clientID: clientID, secret: secret))
        // A little before the end, so a token does not expire on its way: a tenth of its life, at most 30 s.
        let expires = grant.expiresIn.map { instant + .seconds(max(0, $0 - min(30, $0 / 10))) }
        held.withLock { $0 = Held(token: grant.accessToken, expires: expires) }
        return grant.accessToken
    }
}
