import Foundation

/// The key an answer is stored under: method, host, port, path and the query sorted by name, with every
/// secret parameter (api_key, consumer_key, tokens) left out, so no key ever reaches the cache.
public enum CacheKey {
    public static func of(_ request: WebRequest) -> String {
        guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
            return request.method.rawValue + " " + Redactor().redact(request.url)
        }
        let items = (components.queryItems ?? [])
            .filter { !Redactor.secretParameterNames.contains($0.name.lowercased()) }
            .sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        components.queryItems = items.isEmpty ? nil : items
        components.fragment = nil
        components.user = nil
        components.password = nil
        return request.method.rawValue + " " + (components.string ?? Redactor().redact(request.url))
    }
}

/// FNV-1a, 64 bits: file names for cached images and checksums of stored bodies. Not cryptographic;
/// it only has to notice a truncated or altered entry.
public enum FNV1a {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    public static func hex(_ text: String) -> String { hex(hash(Array(text.utf8))) }

    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
