import Foundation

/// Replaces secrets with `***` in any text: the values of secret-bearing query parameters, and the
/// configured key values wherever they appear (raw or percent-encoded).
public struct Redactor: Sendable, Equatable {
    /// Query parameters whose values are always secret, compared case-insensitively.
    public static let secretParameterNames: Set<String> = [
        "api_key", "consumer_key", "secret", "token",
        "oauth_consumer_key", "oauth_token", "oauth_signature", "api_sig", "access_token",
        "oauth_token_secret", "oauth_verifier",
    ]

    /// Configured secret values (API keys and the like). Very short values are ignored: redacting "a"
    /// everywhere would destroy messages without protecting anything.
    public private(set) var secrets: [String]

    public init(secrets: [String] = []) {
        self.secrets = []
        for secret in secrets { add(secret) }
    }

    public mutating func add(_ secret: String) {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 4, !secrets.contains(trimmed) else { return }
        secrets.append(trimmed)
        // Longest first, so a secret that contains another is replaced whole.
        secrets.sort { $0.count > $1.count }
    }

    public func redact(_ text: String) -> String {
        var result = Self.redactParameters(in: text)
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: "***")
            let encoded = QueryEncoding.encode(secret)
            if encoded != secret { result = result.replacingOccurrences(of: encoded, with: "***") }
        }
        return result
    }

    public func redact(_ url: URL) -> String { redact(url.absoluteString) }

    /// `name=value` where name is a secret parameter: the value (up to `&`, `#`, whitespace or a quote)
    /// becomes `***`. Works on URLs, form bodies and free text that quotes them.
    static func redactParameters(in text: String) -> String {
        guard text.contains("=") else { return text }
        var out = ""
        out.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            guard let eq = text[index...].firstIndex(of: "=") else {
                out += text[index...]
                break
            }
            // The parameter name is the run of name characters just before "=".
            var nameStart = eq
            while nameStart > index {
                let before = text.index(before: nameStart)
                let c = text[before]
                if c.isLetter || c.isNumber || c == "_" || c == "-" { nameStart = before } else { break }
            }
            let name = text[nameStart..<eq].lowercased()
            out += text[index...eq]
            var valueEnd = text.index(after: eq)
            // An OAuth header quotes its values (oauth_token="…"): the value is what lies between the quotes.
            if secretParameterNames.contains(name), valueEnd < text.endIndex, text[valueEnd] == "\"" {
                out += "\""
                let valueStart = text.index(after: valueEnd)
                let close = text[valueStart...].firstIndex(of: "\"") ?? text.endIndex
                if close > valueStart { out += "***" }
                index = close
                continue
            }
            if secretParameterNames.contains(name) {
                while valueEnd < text.endIndex, !"&#\"' \n\r\t<>,;)".contains(text[valueEnd]) {
                    valueEnd = text.index(after: valueEnd)
                }
                if valueEnd > text.index(after: eq) { out += "***" }
            }
            index = valueEnd
        }
        return out
    }
}
