import Foundation

// MARK: - The OAuth endpoints
/// Flickr's OAuth 1.0a sign-in as `Resource` values (https://www.flickr.com/services/api/auth.oauth.html):
/// a request token for a callback ("oob": the user types the verifier), the address where the user
/// authorizes it, and the exchange of the verified request token for the access token.
public struct FlickrAuthAPI: Sendable {
    public static let defaultBaseURL = URL(string: "https://www.flickr.com/services/oauth")!
    /// A token answer is a few hundred bytes; anything near this is not one.
    public static let limits = LoadLimits(deadline: .seconds(15), maxBodyBytes: 16 << 10)

    /// Where /request_token, /authorize and /access_token live.
    public var baseURL: URL
    public var consumerKey: String
    public var consumerSecret: String

    public init(baseURL: URL = defaultBaseURL, consumerKey: String, consumerSecret: String) {
        self.baseURL = baseURL
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
    }

    var consumer: OAuthCredentials { OAuthCredentials(consumerKey: consumerKey, consumerSecret: consumerSecret) }

    /// Step 1: a request token (and its secret) for `callback`.
    public func requestToken(callback: String = "oob") throws(PhotoramaError) -> Resource<OAuthToken> {
        let url = try address("request_token", [])
        let request = WebRequest(
            url: url, limits: Self.limits, oauth: OAuthSigning(credentials: consumer, extra: [OAuthParameter("oauth_callback", callback)]))
        return Resource(request: request) { response throws(PhotoramaError) in
            let fields = try TokenAnswer.fields(response)
            guard fields["oauth_callback_confirmed"] == "true" else {
                throw .invalidData("the request token answer did not confirm the callback")
            }
            return try TokenAnswer.token(fields)
        }
    }

    /// Step 2: the page where the user lets this application use their account.
    public func authorizeURL(_ token: OAuthToken, permission: FlickrPermission) throws(PhotoramaError) -> URL {
        try address("authorize", [("oauth_token", token.token), ("perms", permission.rawValue)])
    }

    /// Step 3: the access token for the verified request token, and whose it is.
    public func accessToken(_ requestToken: OAuthToken, verifier: String, permission: FlickrPermission) throws(PhotoramaError)
        -> Resource<FlickrAccount>
    {
        let verifier = try InputValidation.nonEmpty(verifier, "Verifier")
        guard verifier.count <= 64, verifier.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .invalidInput("The verifier is the code the authorize page shows, like 123-456-789")
        }
        var credentials = consumer
        credentials.token = requestToken
        let request = WebRequest(
            url: try address("access_token", []), limits: Self.limits,
            oauth: OAuthSigning(credentials: credentials, extra: [OAuthParameter("oauth_verifier", verifier)]))
        return Resource(request: request) { response throws(PhotoramaError) in
            let fields = try TokenAnswer.fields(response)
            return try FlickrAccount(token: TokenAnswer.token(fields), fields: fields, permission: permission)
        }
    }

    private func address(_ name: String, _ items: [(String, String)]) throws(PhotoramaError) -> URL {
        guard let url = QueryEncoding.url(base: baseURL, path: name, items: items) else {
            throw .invalidInput("The Flickr sign-in address cannot take a query")
        }
        return url
    }
}

// MARK: - Permissions and the account
/// What a signed-in account may do on Flickr.
public enum FlickrPermission: String, Sendable, CaseIterable, Codable {
    case read, write, delete

    public func allows(_ needed: FlickrPermission) -> Bool {
        let order: [FlickrPermission] = [.read, .write, .delete]
        return (order.firstIndex(of: self) ?? 0) >= (order.firstIndex(of: needed) ?? 0)
    }
}

/// A signed-in account: the access token and whose it is.
public struct FlickrAccount: Sendable, Equatable, CustomStringConvertible {
    public var token: OAuthToken
    public var nsid: String
    public var username: String
    public var fullname: String
    public var permission: FlickrPermission

    public init(token: OAuthToken, nsid: String, username: String, fullname: String, permission: FlickrPermission) {
        self.token = token
        self.nsid = nsid
        self.username = username
        self.fullname = fullname
        self.permission = permission
    }

    init(token: OAuthToken, fields: [String: String], permission: FlickrPermission) throws(PhotoramaError) {
        guard let nsid = fields["user_nsid"], FlickrAccount.isNSID(nsid) else {
            throw .invalidData("the access token answer has no account id")
        }
        self.init(
            token: token, nsid: nsid, username: TokenAnswer.name(fields["username"]), fullname: TokenAnswer.name(fields["fullname"]),
            permission: permission)
    }

    /// "12345678@N01": digits, "@N", two digits.
    public static func isNSID(_ text: String) -> Bool {
        text.count <= 32 && text.range(of: #"^[0-9]{1,20}@N[0-9]{2}$"#, options: .regularExpression) != nil
    }

    public var description: String { "FlickrAccount(\(nsid), token ***)" }
}

// MARK: - Reading the answers
/// Flickr's token answers: form-encoded text, read defensively (size, shape, characters).
enum TokenAnswer {
    /// The fields of a 200 answer; a refusal (`oauth_problem=…`, 401) is one line naming the problem.
    static func fields(_ response: WebResponse) throws(PhotoramaError) -> [String: String] {
        let text = String(decoding: response.body, as: UTF8.self)
        let fields = Dictionary(QueryEncoding.decodeForm(text, plusIsSpace: true), uniquingKeysWith: { first, _ in first })
        guard (200..<300).contains(response.status) else {
            if let problem = fields["oauth_problem"] {
                throw .api(code: response.status, message: "Flickr refused the sign-in (\(problemName(problem)))")
            }
            throw .httpStatus(response.status)
        }
        if let problem = fields["oauth_problem"] {
            throw .api(code: response.status, message: "Flickr refused the sign-in (\(problemName(problem)))")
        }
        return fields
    }

    /// The token and its secret, refused unless both look like tokens (printable ASCII, no spaces, quotes
    /// or controls, at most 256 characters): they go into headers and a file.
    static func token(_ fields: [String: String]) throws(PhotoramaError) -> OAuthToken {
        guard let token = fields["oauth_token"], let secret = fields["oauth_token_secret"], !token.isEmpty, !secret.isEmpty else {
            throw .invalidData("the token answer has no oauth_token and oauth_token_secret")
        }
        guard isTokenText(token), isTokenText(secret) else { throw .invalidData("the token answer holds characters no token has") }
        return OAuthToken(token: token, secret: secret)
    }

    static func isTokenText(_ text: String) -> Bool {
        text.utf8.count <= 256
            && text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
    }

    /// A problem name is lower-case letters and "_" (Flickr's own words); anything else is not repeated.
    static func problemName(_ text: String) -> String {
        text.count <= 40 && !text.isEmpty && text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" })
            ? text : "unknown problem"
    }

    /// Names are shown: at most 200 characters (the screen's sanitizer handles the rest).
    static func name(_ text: String?) -> String { String((text ?? "").prefix(200)) }
}
