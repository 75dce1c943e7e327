/// Writes a `JSONValue` as compact JSON into UTF-8 bytes. Hand-written because it is on the hot path of every
/// list page and must keep key order.
enum JSONWriter {
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &out)
        case .int(let number): writeInt(number, into: &out)
        case .double(let number): writeDouble(number, into: &out)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.0, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits straight into `out`, with no String in between (a page holds thousands of numbers).
    static func writeInt(_ number: Int, into out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    static func writeDouble(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) < 1e15 {
            writeInt(Int(number), into: &out)
        } else {
            out.append(contentsOf: number.description.utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, into: &out) }
    }

    /// Most strings need no escaping: one scan of the contiguous bytes, then one copy.
    static func writeString(utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var plain = true
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            plain = false
            break
        }
        if plain {
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
