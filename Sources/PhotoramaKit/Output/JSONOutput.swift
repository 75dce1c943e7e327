import PhotoramaText

/// A JSON value written the same way every time: keys sorted, two-space indentation, UTF-8 kept as is,
/// every scalar the terminal sanitizer would alter escaped as `\uXXXX` (the output often lands on a
/// terminal, and escaping keeps the data whole where removing would not).
public indirect enum JSONOutput: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONOutput])
    case object([String: JSONOutput])

    public static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    public static func optional(_ value: Int?) -> JSONOutput { value.map(JSONOutput.int) ?? .null }
    public static func optional(_ value: Double?) -> JSONOutput { value.map(JSONOutput.double) ?? .null }

    /// The text, ending in a newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += String(value)
            }
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let values):
            guard !values.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                value.write(into: &out, indent: indent + 1)
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, into: &out)
                out += ": "
                members[key]?.write(into: &out, indent: indent + 1)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ value: String, into out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            default:
                guard Sanitizer.mayAlter(scalar) else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                Self.writeEscaped(scalar, into: &out)
            }
        }
        out += "\""
    }

    /// `\uXXXX`, as a UTF-16 surrogate pair above the Basic Multilingual Plane (the tag characters).
    private static func writeEscaped(_ scalar: Unicode.Scalar, into out: inout String) {
        for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
