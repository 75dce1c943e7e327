/// An ordered JSON tree: the demo server builds every answer as one of these, then writes it as JSON or as
/// Flickr's XML, so the two formats can never disagree. Keys keep their insertion order (Flickr's order).
enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Flickr wraps free text as `{"_content": "..."}`.
    static func content(_ text: String) -> JSONValue { .object([("_content", .string(text))]) }

    /// A string, or null when absent (e.g. `pathalias`).
    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
}
