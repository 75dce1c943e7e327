/// The consumer (the application's key and shared secret) and, once signed in, the token and its secret.
///
/// Values that carry secrets print as `***`: an accidental interpolation into a log line or an error
/// shows nothing (the `Redactor` also knows the values, see `Redactor.adding(_:)`).
public struct OAuthCredentials: Sendable, Equatable, CustomStringConvertible {
    public var consumerKey: String
    public var consumerSecret: String
    public var token: OAuthToken?

    public init(consumerKey: String, consumerSecret: String, token: OAuthToken? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.token = token
    }

    public var description: String { "OAuthCredentials(***)" }
}

/// An OAuth token and its secret: a request token during sign-in, then the access token.
public struct OAuthToken: Sendable, Equatable, CustomStringConvertible {
    public var token: String
    public var secret: String

    public init(token: String, secret: String) {
        self.token = token
        self.secret = secret
    }

    public var description: String { "OAuthToken(***)" }
}

extension Redactor {
    /// The same redactor, also hiding every secret value of `credentials` (key, secrets and token).
    public func adding(_ credentials: OAuthCredentials) -> Redactor {
        var copy = self
        for value in [credentials.consumerKey, credentials.consumerSecret, credentials.token?.token, credentials.token?.secret] {
            if let value { copy.add(value) }
        }
        return copy
    }
}
