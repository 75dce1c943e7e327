import Crypto
import Foundation

/// Access tokens that any demo server accepts, not only the one that issued them: `photorama login --demo`
/// stores a token, and the next run's embedded server (a new process, a new port) must know it. The token
/// carries the account and permission, made unforgeable by an HMAC under a key fixed in the source (a
/// demo, not a secret); the token secret is an HMAC of the token. Request tokens stay per server.
enum DemoAccessTokens {
    private static let key = SymmetricKey(data: Data("photorama demo access tokens, v1".utf8))

    /// "72157" + account (2 digits) + permission (1 digit) + 9 random digits, "-", 16 hex digits of the HMAC.
    static func issue(account: Int, permission: DemoPermission) -> (token: String, secret: String) {
        var generator = SystemRandomNumberGenerator()
        let serial = String(format: "%09llu", generator.next(upperBound: UInt64(1_000_000_000)))
        let head = "72157" + String(format: "%02d", account) + String(permission.rawValue) + serial
        let token = head + "-" + mac("token " + head)
        return (token, secret(for: token))
    }

    /// The account and permission of a token this scheme issued; nil for anything else.
    static func read(_ token: String) -> (account: Int, permission: DemoPermission, secret: String)? {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 17, parts[0].hasPrefix("72157"), parts[0].allSatisfy(\.isNumber) else { return nil }
        let head = String(parts[0])
        guard OAuthCheck.same(mac("token " + head), String(parts[1])) else { return nil }
        let digits = Array(head)
        guard let account = Int(String(digits[5..<7])), let level = Int(String(digits[7])), let permission = DemoPermission(rawValue: level)
        else { return nil }
        return (account, permission, secret(for: token))
    }

    private static func secret(for token: String) -> String { mac("secret " + token) }

    private static func mac(_ text: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
        return Data(code).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
