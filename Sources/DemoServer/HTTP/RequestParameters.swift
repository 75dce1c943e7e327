/// Request parameters gathered the way Flickr reads them: the query string, a form-encoded body, and the
/// OAuth `Authorization` header. The OAuth provider (`OAuthProvider`) checks signatures over `pairs` and
/// `headerPairs`, which keep every occurrence in order.
struct RequestParameters: Sendable {
    private(set) var values: [String: String] = [:]
    /// Order of first appearance, for test.echo.
    private(set) var order: [String] = []
    /// Every value of a repeated parameter (`image_size[]=1&image_size[]=4`), in order.
    private(set) var lists: [String: [String]] = [:]
    /// Every query and form pair, decoded, in order (repeats kept): what an OAuth signature covers.
    private(set) var pairs: [(String, String)] = []
    /// The `Authorization: OAuth` header's pairs, decoded, `realm` included.
    private(set) var headerPairs: [(String, String)] = []

    init() {}

    init(query: Substring?, formBody: [UInt8]?, authorization: String?) {
        if let query { add(formEncoded: Array(query.utf8)) }
        if let formBody { add(formEncoded: formBody) }
        if let authorization { add(oauthHeader: authorization) }
    }

    subscript(name: String) -> String? { values[name] }

    /// A parameter that is present and not empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    mutating func set(_ name: String, _ value: String) {
        if values[name] == nil { order.append(name) }
        values[name] = value
    }

    private mutating func add(formEncoded bytes: [UInt8]) {
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.percentDecoded(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? Self.percentDecoded(parts[1], plusIsSpace: true) : ""
            lists[name, default: []].append(value)
            pairs.append((name, value))
            // The first occurrence wins, as in most web frameworks.
            if values[name] == nil { set(name, value) }
        }
    }

    private mutating func add(oauthHeader header: String) {
        let trimmed = header.drop { $0 == " " }
        guard trimmed.lowercased().hasPrefix("oauth ") else { return }
        for item in trimmed.dropFirst(6).split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingSpaces
            var value = parts[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            let decoded = Self.percentDecoded(Array(value.utf8)[...], plusIsSpace: false)
            headerPairs.append((name, decoded))
            if values[name] == nil { set(name, decoded) }
        }
    }

    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
