import Foundation

/// Builds URLs and form bodies with every reserved character percent-encoded.
///
/// Foundation's `URLComponents.queryItems` leaves `+`, `;`, `/`, `?` and others alone, and servers read a
/// bare `+` as a space, so "a+b" would arrive as "a b". Encoding everything outside RFC 3986's unreserved
/// set removes every such ambiguity.
public enum QueryEncoding {
    private static let unreserved: Set<UInt8> = {
        var set = Set<UInt8>()
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(c) }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(c) }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(c) }
        for c in "-._~".utf8 { set.insert(c) }
        return set
    }()

    /// Percent-encodes every byte of the UTF-8 form that is not unreserved.
    public static func encode(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// `name=value&name=value` in the given order.
    public static func query(_ items: [(String, String)]) -> String {
        items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// `base` with `path` appended (one slash between them) and `items` as its query.
    /// Returns nil only when `base` cannot carry a query (which a parsed base URL always can).
    public static func url(base: URL, path: String = "", items: [(String, String)] = []) -> URL? {
        var text = base.absoluteString
        if !path.isEmpty {
            let trimmedBase = text.hasSuffix("/") ? String(text.dropLast()) : text
            let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
            text = trimmedBase + "/" + trimmedPath
        }
        guard var components = URLComponents(string: text) else { return nil }
        if !items.isEmpty {
            let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
            components.percentEncodedQuery = (existing + [query(items)]).joined(separator: "&")
        }
        return components.url
    }

    /// The query items of a URL, decoded, in order. `+` is kept as a plus: we never send it for a space.
    public static func items(of url: URL) -> [(String, String)] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return []
        }
        return decodeForm(query)
    }

    /// Decodes `a=1&b=2` (as in a query or an application/x-www-form-urlencoded body).
    /// In form bodies `+` means space, as HTML forms send it.
    public static func decodeForm(_ text: String, plusIsSpace: Bool = false) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let spaced = plusIsSpace ? s.replacingOccurrences(of: "+", with: " ") : String(s)
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
