import Foundation
import PhotoramaLocking

/// The demo server as an OAuth 1.0a provider at Flickr's addresses: request tokens, the authorize page
/// (it shows the verifier, or sends it to the callback), access tokens for demo accounts, and the check
/// of every signed request: signature, timestamp (±5 minutes) and nonce (each used once).
/// Request tokens and verifiers are random and live as long as the server; access tokens are valid on every
/// demo server (`DemoAccessTokens`), so a stored sign-in outlives the process. Nothing here is part of the catalog.
final class OAuthProvider: Sendable {
    /// How far a timestamp may be from the server's clock.
    static let timestampWindow = 300
    /// Consumer keys the provider knows, with their shared secrets.
    static let consumers = [DemoAPIKeys.flickr: DemoAPIKeys.flickrSecret]

    struct RequestToken: Sendable {
        let secret: String
        let consumerKey: String
        let callback: String
        var verifier: String?
        var account: Int?
        var permission: DemoPermission = .none
    }

    struct AccessToken: Sendable {
        let secret: String
        let account: Int
        let permission: DemoPermission

        /// The token's account, permission and secret, when a demo server issued it.
        init?(_ token: String) {
            guard let read = DemoAccessTokens.read(token) else { return nil }
            secret = read.secret
            account = read.account
            permission = read.permission
        }
    }

    /// What a verified request may do.
    struct Grant: Sendable, Equatable {
        let consumerKey: String
        /// nil for a request signed with the consumer alone.
        let account: Int?
        let permission: DemoPermission
    }

    private struct State {
        var requestTokens: [String: RequestToken] = [:]
        /// "consumer token timestamp nonce" → timestamp, forgotten once outside the window.
        var nonces: [String: Int] = [:]
    }

    private let state = Locked(State())
    private let now: @Sendable () -> Int

    init(now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.now = now
    }

    enum TokenUse { case none, request, access }

    // MARK: - Checking a signed request
    /// The protocol parameters of a request: the OAuth header's, then the `oauth_` ones of the query or
    /// body that the header does not name (python's flickrapi sends `oauth_callback` in the query).
    static func protocolParameters(_ parameters: RequestParameters) -> [String: String] {
        var found: [String: String] = [:]
        for (name, value) in parameters.headerPairs + parameters.pairs where name.hasPrefix("oauth_") && found[name] == nil {
            found[name] = value
        }
        return found
    }

    /// Whether the request carries an OAuth signature at all (unsigned `api_key` calls stay as they were).
    static func isSigned(_ parameters: RequestParameters) -> Bool { protocolParameters(parameters)["oauth_signature"] != nil }

    /// Checks signature, timestamp, nonce and token (of the kind `use` asks for); records the nonce.
    func verify(method: String, uri: String, _ parameters: RequestParameters, use: TokenUse) -> Result<Grant, OAuthProblem> {
        let oauth = Self.protocolParameters(parameters)
        var absent = ["oauth_consumer_key", "oauth_signature", "oauth_signature_method", "oauth_timestamp", "oauth_nonce"]
            .filter { (oauth[$0] ?? "").isEmpty }
        if use != .none, (oauth["oauth_token"] ?? "").isEmpty { absent.append("oauth_token") }
        guard absent.isEmpty, let key = oauth["oauth_consumer_key"], let signature = oauth["oauth_signature"],
            let timestampText = oauth["oauth_timestamp"], let nonce = oauth["oauth_nonce"]
        else { return .failure(.parameterAbsent(absent)) }
        guard oauth["oauth_signature_method"] == "HMAC-SHA1" else { return .failure(.signatureMethodRejected) }
        guard let consumerSecret = Self.consumers[key] else { return .failure(.consumerKeyUnknown) }
        guard let timestamp = Int(timestampText), abs(timestamp - now()) <= Self.timestampWindow else {
            return .failure(.timestampRefused)
        }
        let token = oauth["oauth_token"] ?? ""
        return state.withLock { state -> Result<Grant, OAuthProblem> in
            var tokenSecret = ""
            var grant = Grant(consumerKey: key, account: nil, permission: .none)
            switch use {
            case .none:
                if !token.isEmpty {
                    guard let access = AccessToken(token) else { return .failure(.tokenRejected) }
                    tokenSecret = access.secret
                    grant = Grant(consumerKey: key, account: access.account, permission: access.permission)
                }
            case .request:
                guard let request = state.requestTokens[token], request.consumerKey == key else { return .failure(.tokenRejected) }
                tokenSecret = request.secret
            case .access:
                guard let access = AccessToken(token) else { return .failure(.tokenRejected) }
                tokenSecret = access.secret
                grant = Grant(consumerKey: key, account: access.account, permission: access.permission)
            }
            let pairs = parameters.pairs + parameters.headerPairs
            let base = OAuthCheck.baseString(method: method, uri: uri, parameters: pairs)
            let expected = OAuthCheck.signature(baseString: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
            guard OAuthCheck.same(expected, signature) else { return .failure(.signatureInvalid(baseString: base)) }
            let nonceKey = "\(key) \(token) \(timestamp) \(nonce)"
            let oldest = now() - Self.timestampWindow
            state.nonces = state.nonces.filter { $0.value >= oldest }
            guard state.nonces[nonceKey] == nil else { return .failure(.nonceUsed) }
            state.nonces[nonceKey] = timestamp
            return .success(grant)
        }
    }

    // MARK: - The three addresses
    /// /services/oauth/request_token: a request token for an `oauth_callback` (a URL or "oob").
    func requestToken(method: String, uri: String, _ parameters: RequestParameters) -> HTTPAnswer {
        let callback = Self.protocolParameters(parameters)["oauth_callback"] ?? ""
        guard !callback.isEmpty else { return Self.refuse(.parameterAbsent(["oauth_callback"])) }
        switch verify(method: method, uri: uri, parameters, use: .none) {
        case .failure(let problem): return Self.refuse(problem)
        case .success(let grant):
            let token = Self.randomToken()
            let secret = Self.randomHex(16)
            state.withLock { $0.requestTokens[token] = RequestToken(secret: secret, consumerKey: grant.consumerKey, callback: callback) }
            return Self.form([("oauth_callback_confirmed", "true"), ("oauth_token", token), ("oauth_token_secret", secret)])
        }
    }

    /// /services/oauth/authorize?oauth_token=…&perms=read|write|delete[&account=N]: the demo account (the
    /// first unless `account` says otherwise) grants the permission at once; the page shows the verifier,
    /// or a callback other than "oob" gets it in a redirect.
    func authorize(_ parameters: RequestParameters, accounts: DemoAccounts) -> HTTPAnswer {
        guard let token = parameters.nonEmpty("oauth_token") else {
            return .html(AuthorizePage.problem("The address has no oauth_token."), status: 400)
        }
        let permission = parameters.nonEmpty("perms").flatMap(DemoPermission.init(name:)) ?? .read
        let account = parameters.nonEmpty("account").flatMap { Int($0) } ?? 0
        guard accounts.contains(account) else { return .html(AuthorizePage.problem("There is no such demo account."), status: 400) }
        let verifier = Self.verifierCode()
        let callback: String? = state.withLock { state in
            guard var request = state.requestTokens[token], request.verifier == nil else { return nil }
            request.verifier = verifier
            request.account = account
            request.permission = permission
            state.requestTokens[token] = request
            return request.callback
        }
        guard let callback else {
            return .html(AuthorizePage.problem("This request token is unknown, expired or already used."), status: 400)
        }
        if callback != "oob", callback.hasPrefix("http") {
            let separator = callback.contains("?") ? "&" : "?"
            var answer = HTTPAnswer.text("", status: 302)
            answer.location =
                callback + separator + "oauth_token=\(OAuthCheck.encode(token))&oauth_verifier=\(OAuthCheck.encode(verifier))"
            return answer
        }
        return .html(AuthorizePage.page(account: accounts.user(account), permission: permission, verifier: verifier), status: 200)
    }

    /// /services/oauth/access_token: the request token, signed with its secret, and its verifier.
    func accessToken(method: String, uri: String, _ parameters: RequestParameters, accounts: DemoAccounts) -> HTTPAnswer {
        let oauth = Self.protocolParameters(parameters)
        guard let verifier = oauth["oauth_verifier"], !verifier.isEmpty else { return Self.refuse(.parameterAbsent(["oauth_verifier"])) }
        if case .failure(let problem) = verify(method: method, uri: uri, parameters, use: .request) { return Self.refuse(problem) }
        let token = oauth["oauth_token"] ?? ""
        let granted: (account: Int, permission: DemoPermission)? = state.withLock { state in
            guard let request = state.requestTokens[token], let expected = request.verifier, let account = request.account,
                OAuthCheck.same(expected, verifier)
            else { return nil }
            state.requestTokens[token] = nil  // a request token is exchanged once
            return (account, request.permission)
        }
        guard let granted else { return Self.refuse(.verifierInvalid) }
        let access = DemoAccessTokens.issue(account: granted.account, permission: granted.permission)
        let user = accounts.user(granted.account)
        return Self.form([
            ("fullname", user.realname), ("oauth_token", access.token), ("oauth_token_secret", access.secret),
            ("user_nsid", user.nsid), ("username", user.username),
        ])
    }

    /// The access token's grant, for tests and `flickr.auth.oauth.checkToken`.
    func grant(forAccessToken token: String) -> Grant? {
        AccessToken(token).map { Grant(consumerKey: DemoAPIKeys.flickr, account: $0.account, permission: $0.permission) }
    }

    // MARK: - Answers and random values
    static func refuse(_ problem: OAuthProblem) -> HTTPAnswer {
        .bytes(Array(problem.formBody.utf8), contentType: "text/plain;charset=UTF-8", status: 401)
    }

    static func form(_ pairs: [(String, String)]) -> HTTPAnswer {
        .bytes(
            Array(pairs.map { OAuthCheck.encode($0.0) + "=" + OAuthCheck.encode($0.1) }.joined(separator: "&").utf8),
            contentType: "text/plain;charset=UTF-8")
    }

    /// Shaped like Flickr's: "72157" and twelve digits, a dash, sixteen hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return "72157" + String(format: "%012llu", generator.next(upperBound: UInt64(1_000_000_000_000))) + "-" + randomHex(16)
    }

    static func randomHex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in Array("0123456789abcdef")[Int(generator.next(upperBound: UInt64(16)))] })
    }

    /// Flickr's out-of-band verifier: nine digits in threes ("443-523-678").
    static func verifierCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<3).map { _ in String(format: "%03llu", generator.next(upperBound: UInt64(1000))) }.joined(separator: "-")
    }
}
