import Foundation

/// Any JSON value, decoded without a fixed schema so parsers can accept what real servers send:
/// numbers as strings, strings as numbers, nulls and missing keys.
public enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    // MARK: - Decoding
    /// Each failed `try?` costs a thrown DecodingError, so the kinds are tried most common first (strings,
    /// then integers, then objects; docs/PERFORMANCE.md). Every kind decodes only from its own JSON type,
    /// so the order changes no result.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    // MARK: - Parsing with a depth limit
    /// Decodes a whole body, mapping malformed JSON to `.invalidData`, and so is a body nested deeper than
    /// `maximumDepth`.
    public static func parse(_ data: Data) throws(PhotoramaError) -> JSONValue {
        guard nestingDepth(data, stoppingAbove: maximumDepth) <= maximumDepth else {
            throw .invalidData("nested more than \(maximumDepth) levels deep")
        }
        return try JSONBody.decode(JSONValue.self, from: data)
    }

    /// Real answers nest 6 levels at most. Each value decoded throws up to five errors that carry the
    /// path down to it, so time grows with depth times values (docs/PERFORMANCE.md, "Parsing").
    public static let maximumDepth = 16

    /// How deep arrays and objects nest in `data`, brackets inside strings not counted; the scan stops once
    /// past `limit`. Malformed JSON gets a number too: the decoder reports it.
    static func nestingDepth(_ data: Data, stoppingAbove limit: Int) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    // MARK: - Reading values
    public var object: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// A string, or a number written as one (`10` → "10"). nil for null, bools, arrays and objects.
    public var string: String? {
        switch self {
        case .string(let text): text
        case .int(let value): String(value)
        case .double(let value):
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    /// A non-empty string after trimming, else nil. Text with plain ASCII at both ends needs no trimming:
    /// Foundation's trim was most of the time of reading a Commons answer (docs/PERFORMANCE.md, issue 40).
    public var nonEmptyString: String? {
        guard let raw = string else { return nil }
        if let first = raw.utf8.first, let last = raw.utf8.last, Self.isPlainEdge(first), Self.isPlainEdge(last) { return raw }
        // Nor does text whose first and last scalars are outside the set (non-ASCII names and titles).
        if let first = raw.unicodeScalars.first, let last = raw.unicodeScalars.last,
            !Self.whitespace.contains(first), !Self.whitespace.contains(last)
        {
            return raw
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Made once: `CharacterSet.whitespacesAndNewlines` makes a new set at each use (half of this check's time).
    private static let whitespace = CharacterSet.whitespacesAndNewlines

    /// A byte that is neither whitespace, a control character nor part of a multi-byte character.
    static func isPlainEdge(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }

    /// An integer from a number or a string of digits ("150"); integral doubles count.
    public var int: Int? {
        switch self {
        case .int(let value): return Int(exactly: value)
        case .double(let value): return value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        case .string(let text): return Int(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// A number from a number or a numeric string.
    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        case .string(let text):
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    /// true/false, 1/0, "1"/"0", "true"/"false".
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .string(let text):
            switch text.lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// Flickr wraps text in `{"_content": "…"}`; this reads either that or a plain string.
    public var content: String? {
        if case .object = self { return self["_content"]?.string }
        return string
    }
}
