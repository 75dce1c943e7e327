import Foundation

/// Everything needed to send one HTTP request. A plain value: building one does no I/O.
public struct WebRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var url: URL
    /// Header names and values in the order they are sent.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    public var limits: LoadLimits
    /// Set for calls signed with OAuth 1.0a: `Webservice` signs each attempt (fresh nonce and timestamp);
    /// such calls are never cached (`CacheKind.of`), so one account's answers never reach another.
    public var oauth: OAuthSigning?

    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: [(name: String, value: String)] = [],
        body: Data? = nil,
        limits: LoadLimits = .api,
        oauth: OAuthSigning? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.limits = limits
        self.oauth = oauth
    }

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public static func == (lhs: WebRequest, rhs: WebRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.limits == rhs.limits && lhs.oauth == rhs.oauth
            && lhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
                == rhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
    }
}
