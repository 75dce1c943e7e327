import Crypto
import Foundation

/// The provider's own reading of RFC 5849 §3.4 (HMAC-SHA1), written apart from the client's
/// `OAuthSignature` on purpose: the property test that the server accepts what the client signs only
/// means something if the two sides do not share the code.
enum OAuthCheck {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// §3.6 percent-encoding.
    static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.append(byte)
            } else {
                out +=
                    Array("%".utf8) + Array(String(byte >> 4, radix: 16, uppercase: true).utf8)
                    + Array(String(byte & 0xF, radix: 16, uppercase: true).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// §3.4.1: the base string over every parameter but `oauth_signature` and `realm`.
    static func baseString(method: String, uri: String, parameters: [(String, String)]) -> String {
        let normalized = parameters.filter { $0.0 != "oauth_signature" && $0.0 != "realm" }
            .map { encode($0.0) + "=" + encode($0.1) }
            .sorted { lhs, rhs in
                let (l, r) = (
                    lhs.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false),
                    rhs.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                )
                return l[0] == r[0]
                    ? Array(l[1].utf8).lexicographicallyPrecedes(r[1].utf8) : Array(l[0].utf8).lexicographicallyPrecedes(r[0].utf8)
            }
            .joined(separator: "&")
        return method.uppercased() + "&" + encode(uri) + "&" + encode(normalized)
    }

    static func signature(baseString: String, consumerSecret: String, tokenSecret: String) -> String {
        let key = SymmetricKey(data: Data((encode(consumerSecret) + "&" + encode(tokenSecret)).utf8))
        return Data(HMAC<Insecure.SHA1>.authenticationCode(for: Data(baseString.utf8), using: key)).base64EncodedString()
    }

    /// §3.4.1.2 for the server's own "http://authority": lower case, the default port dropped.
    static func baseURI(base: String, path: String) -> String {
        var authority = base.lowercased()
        if authority.hasSuffix(":80") { authority.removeLast(3) }
        return authority + (path.isEmpty ? "/" : path)
    }

    /// Compares in time independent of where the strings first differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
