import Foundation

/// Signs one request with HMAC-SHA1 (RFC 5849 §3.1): the protocol parameters with a nonce and a
/// timestamp of this attempt, the signature over them and the request's own parameters, all sent in an
/// `Authorization: OAuth …` header, so the URL (and with it the request log and cache key) holds no secret.
///
/// `Webservice` signs every attempt of a request that carries `WebRequest.oauth` with a fresh nonce; a
/// retry that repeated one would be refused as a replay.
public struct OAuthSigner: Sendable {
    public var credentials: OAuthCredentials

    public init(credentials: OAuthCredentials) { self.credentials = credentials }

    /// The protocol parameters of one attempt, without the signature, in the order they are sent.
    public func protocolParameters(nonce: String, timestamp: Int, extra: [(String, String)] = []) -> [(String, String)] {
        var parameters: [(String, String)] = [
            ("oauth_consumer_key", credentials.consumerKey), ("oauth_nonce", nonce),
            ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", String(timestamp)),
        ]
        if let token = credentials.token { parameters.append(("oauth_token", token.token)) }
        parameters.append(("oauth_version", "1.0"))
        return parameters + extra
    }

    /// The signature of `request` with these protocol parameters (base64, not yet percent-encoded).
    public func signature(of request: WebRequest, protocolParameters: [(String, String)]) -> String {
        let parameters = OAuthSignature.requestParameters(request, protocolParameters: protocolParameters)
        let base = OAuthSignature.baseString(method: request.method.rawValue, url: request.url, parameters: parameters)
        let key = OAuthSignature.key(consumerSecret: credentials.consumerSecret, tokenSecret: credentials.token?.secret)
        return OAuthSignature.hmacSHA1(baseString: base, key: key)
    }

    /// `request` with its `Authorization` header (any earlier one replaced). `extra` holds protocol
    /// parameters of the token calls: `oauth_callback`, `oauth_verifier`.
    public func signed(_ request: WebRequest, nonce: String, timestamp: Int, extra: [(String, String)] = []) -> WebRequest {
        let parameters = protocolParameters(nonce: nonce, timestamp: timestamp, extra: extra)
        let signature = signature(of: request, protocolParameters: parameters)
        let fields = (parameters + [("oauth_signature", signature)])
            .map { OAuthSignature.encode($0.0) + "=\"" + OAuthSignature.encode($0.1) + "\"" }
        var signed = request
        signed.headers.removeAll { $0.name.lowercased() == "authorization" }
        signed.headers.append((name: "Authorization", value: "OAuth " + fields.joined(separator: ", ")))
        return signed
    }

    /// 32 random hex digits from the system's generator: unique per attempt, never seeded.
    public static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Seconds since 1970, as §3.3 asks.
    public static func timestamp(_ date: Date = Date()) -> Int { Int(date.timeIntervalSince1970) }
}

/// How a request is signed: the credentials and the protocol parameters of the token calls.
public struct OAuthSigning: Sendable, Equatable {
    public var credentials: OAuthCredentials
    /// `oauth_callback` (request token) or `oauth_verifier` (access token), signed and sent in the header.
    public var extra: [OAuthParameter]

    public init(credentials: OAuthCredentials, extra: [OAuthParameter] = []) {
        self.credentials = credentials
        self.extra = extra
    }

    /// The request as one attempt sends it: signed now, with a fresh nonce.
    public func sign(_ request: WebRequest, now: Date = Date()) -> WebRequest {
        OAuthSigner(credentials: credentials).signed(
            request, nonce: OAuthSigner.nonce(), timestamp: OAuthSigner.timestamp(now), extra: extra.map { ($0.name, $0.value) })
    }
}

public struct OAuthParameter: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
