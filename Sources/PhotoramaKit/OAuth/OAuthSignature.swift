import Crypto
import Foundation

/// RFC 5849 §3.4 HMAC-SHA1 signatures as pure functions: the signature base string (§3.4.1), the
/// parameter normalization (§3.4.1.3.2), the key (§3.4.2) and the percent-encoding they all use (§3.6).
public enum OAuthSignature {
    /// §3.6: every byte of the UTF-8 form outside ALPHA, DIGIT, "-", ".", "_", "~" as %XX with upper-case
    /// hex; `QueryEncoding.encode` is exactly that, so the request's own query and the signature agree.
    public static func encode(_ text: String) -> String { QueryEncoding.encode(text) }

    /// §3.4.1.2: scheme and host in lower case, the port only when it is not the scheme's default, the
    /// path as sent ("/" when empty), no query or fragment.
    public static func baseStringURI(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let scheme = (components?.scheme ?? "").lowercased()
        let host = (components?.percentEncodedHost ?? "").lowercased()
        var authority = host
        if let port = components?.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            authority += ":\(port)"
        }
        let path = components?.percentEncodedPath ?? ""
        return scheme + "://" + authority + (path.isEmpty ? "/" : path)
    }

    /// §3.4.1.3.2: names and values encoded, sorted by name then value (byte order of the encoded
    /// forms), each pair joined by "=", the pairs by "&". `oauth_signature` must not be among them.
    public static func normalizedParameters(_ parameters: [(String, String)]) -> String {
        parameters
            .map { (encode($0.0), encode($0.1)) }
            .sorted { lhs, rhs in
                lhs.0 == rhs.0
                    ? Array(lhs.1.utf8).lexicographicallyPrecedes(rhs.1.utf8) : Array(lhs.0.utf8).lexicographicallyPrecedes(rhs.0.utf8)
            }
            .map { $0.0 + "=" + $0.1 }
            .joined(separator: "&")
    }

    /// §3.4.1.1: METHOD&encoded-base-URI&encoded-normalized-parameters.
    public static func baseString(method: String, url: URL, parameters: [(String, String)]) -> String {
        method.uppercased() + "&" + encode(baseStringURI(url)) + "&" + encode(normalizedParameters(parameters))
    }

    /// §3.4.2: the encoded consumer secret and the encoded token secret joined by "&" (always there).
    public static func key(consumerSecret: String, tokenSecret: String?) -> String {
        encode(consumerSecret) + "&" + encode(tokenSecret ?? "")
    }

    /// HMAC-SHA1 of the base string under the key, base64-encoded (swift-crypto's HMAC).
    public static func hmacSHA1(baseString: String, key: String) -> String {
        let code = HMAC<Insecure.SHA1>.authenticationCode(for: Data(baseString.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return Data(code).base64EncodedString()
    }

    /// §3.4.1.3.1: the parameters a request carries: its query and a form body (both read as
    /// application/x-www-form-urlencoded, so "+" is a space), and the protocol parameters given.
    public static func requestParameters(_ request: WebRequest, protocolParameters: [(String, String)]) -> [(String, String)] {
        var parameters: [(String, String)] = []
        if let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery {
            parameters += QueryEncoding.decodeForm(query, plusIsSpace: true)
        }
        if let body = request.body,
            request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        {
            parameters += QueryEncoding.decodeForm(String(decoding: body, as: UTF8.self), plusIsSpace: true)
        }
        return parameters + protocolParameters.filter { $0.0 != "oauth_signature" && $0.0 != "realm" }
    }
}
