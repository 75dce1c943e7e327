import Foundation

/// Which service a stored token belongs to: a token from the embedded demo server means nothing to Flickr
/// and the other way round, so each is kept apart and used only with its own service.
public enum SignInService: Sendable, Equatable {
    /// The real Flickr (api.flickr.com).
    case flickr
    /// The embedded demo server (any run: its access tokens outlive the process).
    case demo
    /// A Flickr-compatible server given with `--flickr-url`: its origin ("http://127.0.0.1:8080").
    case custom(origin: String)

    /// The name it has in a stored sign-in and in the file's name.
    public var name: String {
        switch self {
        case .flickr: "flickr"
        case .demo: "demo"
        case .custom(let origin): origin
        }
    }

    /// The file a sign-in for this service is stored in, inside the data folder.
    public var fileName: String {
        switch self {
        case .flickr: "flickr-sign-in"
        case .demo: "demo-sign-in"
        case .custom(let origin):
            // Letters, digits, "." and "-" of the origin; anything else (":" "/") becomes "_".
            "sign-in-"
                + String(
                    origin.unicodeScalars.map {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
                            ? Character($0) : "_"
                    })
        }
    }

    init?(name: String) {
        switch name {
        case "flickr": self = .flickr
        case "demo": self = .demo
        case let origin where origin.hasPrefix("http://") || origin.hasPrefix("https://"): self = .custom(origin: origin)
        default: return nil
        }
    }

    /// `http://host:port` of a base URL.
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = url.host?.lowercased() ?? ""
        return scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
    }
}

/// A signed-in account as stored: the service, the access token and its secret, whose account it is and
/// what it may do. One line, form-encoded (the same line a `token_command` prints); its description never
/// shows the token.
public struct StoredSignIn: Sendable, Equatable, CustomStringConvertible {
    public var service: SignInService
    public var account: FlickrAccount

    public init(service: SignInService, account: FlickrAccount) {
        self.service = service
        self.account = account
    }

    public var description: String { "StoredSignIn(\(service.name), \(account.nsid), ***)" }

    /// Longer lines are not a sign-in.
    static let lineLimit = 2048

    /// `service=…&oauth_token=…&oauth_token_secret=…&user_nsid=…&username=…&fullname=…&perms=…`.
    public var line: String {
        QueryEncoding.query([
            ("service", service.name), ("oauth_token", account.token.token), ("oauth_token_secret", account.token.secret),
            ("user_nsid", account.nsid), ("username", account.username), ("fullname", account.fullname),
            ("perms", account.permission.rawValue),
        ])
    }

    /// Reads a stored line; nil for anything that is not one (the caller says so without quoting it).
    public init?(line: String) {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count <= Self.lineLimit else { return nil }
        let fields = Dictionary(QueryEncoding.decodeForm(text, plusIsSpace: true), uniquingKeysWith: { first, _ in first })
        guard let service = fields["service"].flatMap(SignInService.init(name:)),
            let token = fields["oauth_token"], let secret = fields["oauth_token_secret"],
            TokenAnswer.isTokenText(token), TokenAnswer.isTokenText(secret), !token.isEmpty, !secret.isEmpty,
            let nsid = fields["user_nsid"], FlickrAccount.isNSID(nsid),
            let permission = fields["perms"].flatMap(FlickrPermission.init(rawValue:))
        else { return nil }
        self.init(
            service: service,
            account: FlickrAccount(
                token: OAuthToken(token: token, secret: secret), nsid: nsid, username: TokenAnswer.name(fields["username"]),
                fullname: TokenAnswer.name(fields["fullname"]), permission: permission))
    }
}
