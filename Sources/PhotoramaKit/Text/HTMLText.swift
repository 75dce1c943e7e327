/// Turns the HTML that services put in descriptions and comments into plain text.
public enum HTMLText {
    /// Strips tags (line breaks and paragraph ends become newlines), decodes entities, collapses runs of
    /// spaces and trims. A `<` that does not start a tag ("a < b") is kept as text.
    public static func plainText(_ html: String) -> String {
        if isAlreadyPlain(html) { return html }
        return HTMLTextBytes.plainText(html) ?? plainTextByCharacters(html)
    }

    /// The rule, Character by Character (`HTMLTextBytes` gives the same from the bytes where it can tell).
    static func plainTextByCharacters(_ html: String) -> String {
        tidy(decodeEntities(stripTags(html)))
    }

    /// Text that `plainText` would give back unchanged: no tag or entity, no line break, tab or no-break
    /// space, single spaces between words and none at the ends (most descriptions, read once per photo).
    static func isAlreadyPlain(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "&"), 0x0A, 0x0D, 0x09, 0xA0: return false
            case 0x20 where previous == 0x20: return false
            default: previous = byte
            }
        }
        return previous != 0x20 || text.isEmpty
    }

    /// Removes tags; `<br>`, `</p>`, `</div>` and `</li>` become a newline.
    public static func stripTags(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(html.count)
        var index = html.startIndex
        while index < html.endIndex {
            let c = html[index]
            let next = html.index(after: index)
            guard c == "<", next < html.endIndex,
                html[next].isLetter || html[next] == "/" || html[next] == "!" || html[next] == "?",
                let close = html[next...].firstIndex(of: ">")
            else {
                out.append(c)
                index = next
                continue
            }
            let tag = html[next..<close].lowercased()
            let name = tag.prefix { $0.isLetter || $0 == "/" || $0.isNumber }
            if ["br", "br/", "/p", "/div", "/li", "/h1", "/h2", "/h3"].contains(String(name)) { out.append("\n") }
            index = html.index(after: close)
        }
        return out
    }

    /// Decodes `&amp;`, `&lt;` and the other common named entities and every numeric one
    /// (`&#39;`, `&#x1F600;`). Unknown or malformed entities are left as they are.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        out.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            guard c == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                out.append(c)
                index = text.index(after: index)
                continue
            }
            let body = text[text.index(after: index)..<semicolon]
            if let decoded = decode(entity: body) {
                out.append(decoded)
                index = text.index(after: semicolon)
            } else {
                out.append(c)
                index = text.index(after: index)
            }
        }
        return out
    }

    static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–",
        "mdash": "—", "hellip": "…", "copy": "©", "reg": "®", "trade": "™", "laquo": "«", "raquo": "»",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "eacute": "é", "egrave": "è", "agrave": "à",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "deg": "°", "middot": "·", "bull": "•", "euro": "€",
    ]

    static func decode(entity body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[body]
    }

    /// Collapses runs of spaces and tabs to one space, trims each line, drops blank lines at the ends
    /// and keeps at most one empty line in a row.
    static func tidy(_ text: String) -> String {
        var lines: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" })
            let line = words.joined(separator: " ")
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Whether "none" occurs in ASCII letters of any case, searched byte by byte: Foundation's search was a
    /// tenth of reading a Commons answer (docs/PERFORMANCE.md, issue 40). The hidden elements' test needs
    /// those ASCII letters in the tag, so text without them has none to hide.
    static func mayContainNone(_ html: String) -> Bool {
        if let found = html.utf8.withContiguousStorageIfAvailable(containsNone) { return found }
        return Array(html.utf8).withUnsafeBufferPointer(containsNone)
    }

    /// "none" in any case, over the bytes: each "n" or "N" is looked at with the three bytes after it (a
    /// state machine over every byte was 6 % of a Commons page's reading).
    private static func containsNone(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4) where bytes[index] | 0x20 == UInt8(ascii: "n") {
            if bytes[index + 1] | 0x20 == UInt8(ascii: "o"), bytes[index + 2] | 0x20 == UInt8(ascii: "n"),
                bytes[index + 3] | 0x20 == UInt8(ascii: "e")
            {
                return true
            }
        }
        return false
    }

    /// The HTML without the elements it hides (`style="display:none"`, as Commons' creator and licence
    /// templates use for machine-readable copies), each with everything inside it. An element whose end
    /// is missing hides the rest.
    public static func withoutHiddenElements(_ html: String) -> String {
        guard mayContainNone(html) else { return html }
        if let bytes = HTMLTextBytes.reading(html, { $0.withoutHiddenElements() }) { return HTMLTextBytes.text(bytes) }
        return withoutHiddenElementsByCharacters(html)
    }

    /// The rule, Character by Character.
    static func withoutHiddenElementsByCharacters(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[open.upperBound..<close]
            let compact = tag.lowercased().filter { !$0.isWhitespace }
            let name = String(tag.prefix { $0.isLetter || $0.isNumber }).lowercased()
            guard !name.isEmpty, compact.contains("display:none"), !tag.hasSuffix("/") else {
                out += rest[..<rest.index(after: close)]
                rest = rest[rest.index(after: close)...]
                continue
            }
            out += rest[..<open.lowerBound]
            rest = rest[rest.index(after: close)...]
            var depth = 1
            while depth > 0, let next = rest.range(of: "<") {
                guard let end = rest[next.upperBound...].firstIndex(of: ">") else {
                    rest = rest[rest.endIndex...]
                    break
                }
                let inner = rest[next.upperBound..<end].lowercased()
                if inner.hasPrefix("/" + name), inner.dropFirst(name.count + 1).allSatisfy(\.isWhitespace) {
                    depth -= 1
                } else if inner.hasPrefix(name), inner.dropFirst(name.count).first.map({ $0.isWhitespace }) ?? true,
                    !inner.hasSuffix("/")
                {
                    depth += 1
                }
                rest = rest[rest.index(after: end)...]
            }
            if depth > 0 { rest = rest[rest.endIndex...] }
        }
        return out + rest
    }
}
