/// Writes a Flickr answer as the REST format's XML (`<rsp stat="ok">…</rsp>`), mapping the JSON shape back
/// the way Flickr derives its JSON from XML: scalars become attributes, `_content` becomes text, an array
/// under key K becomes repeated `<K>` elements, an object under key K becomes one `<K>` element.
enum FlickrXMLWriter {
    static func okDocument(_ payload: [(String, JSONValue)]) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"ok\">\n".utf8)
        for (key, value) in payload { writeElement(key, value, into: &out) }
        out.append(contentsOf: "</rsp>\n".utf8)
        return out
    }

    static func failDocument(code: Int, message: String) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"fail\">\n\t<err code=\"\(code)\" msg=\"".utf8)
        escape(message, into: &out)
        out.append(contentsOf: "\" />\n</rsp>\n".utf8)
        return out
    }

    private static func writeElement(_ name: String, _ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .array(let items):
            for item in items { writeElement(name, item, into: &out) }
        case .object(let members):
            out.append(UInt8(ascii: "<"))
            out.append(contentsOf: name.utf8)
            var children: [(String, JSONValue)] = []
            var text: String?
            for (key, member) in members {
                switch member {
                case .array, .object: children.append((key, member))
                case .string(let string) where key == "_content": text = string
                default:
                    guard let scalar = scalarText(member) else { continue }
                    out.append(UInt8(ascii: " "))
                    out.append(contentsOf: key.utf8)
                    out.append(contentsOf: "=\"".utf8)
                    escape(scalar, into: &out)
                    out.append(UInt8(ascii: "\""))
                }
            }
            if children.isEmpty, text == nil {
                out.append(contentsOf: " />\n".utf8)
                return
            }
            out.append(UInt8(ascii: ">"))
            if let text { escape(text, into: &out) }
            for (key, child) in children { writeElement(key, child, into: &out) }
            out.append(contentsOf: "</".utf8)
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ">\n".utf8)
        default:
            // A bare scalar under a key is written as an element holding text.
            out.append(contentsOf: "<\(name)>".utf8)
            escape(scalarText(value) ?? "", into: &out)
            out.append(contentsOf: "</\(name)>\n".utf8)
        }
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .int(let number): String(number)
        case .double(let number):
            {
                var bytes: [UInt8] = []
                JSONWriter.writeDouble(number, into: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }()
        case .bool(let flag): flag ? "1" : "0"
        case .null: nil
        case .array, .object: nil
        }
    }

    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "&#10;".utf8)
            case 0..<0x20 where byte != 9: continue  // not allowed in XML 1.0
            default: out.append(byte)
            }
        }
    }
}
