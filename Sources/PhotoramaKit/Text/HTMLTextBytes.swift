/// `HTMLText`'s rules run on UTF-8 bytes: the same text as the Character walks, without their cost (the
/// creators and descriptions of every file of a Commons page were most of reading it: docs/PERFORMANCE.md,
/// issue 40). A byte stands for the Character a rule compares with only where it is a Character of its own
/// (`standsAlone`); where bytes cannot tell (a `<` joined to a combining mark, non-ASCII inside a tag or an
/// entity) a function gives nil and `HTMLText` runs the Character walk instead.
struct HTMLTextBytes {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Runs `body` over the string's UTF-8 without copying when it is contiguous.
    static func reading<R>(_ text: String, _ body: (HTMLTextBytes) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(HTMLTextBytes(bytes: $0)) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { body(HTMLTextBytes(bytes: $0)) }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Characters
    /// Whether the ASCII byte at `index` is a Character by itself. Only its neighbours can join it to
    /// another scalar (CR LF; a prepended scalar before it; an extending one or a spacing mark after it), and
    /// for an ASCII scalar that depends on the neighbour alone, so the neighbour and it are asked of String.
    func standsAlone(_ index: Int) -> Bool { standsAlone(index, index + 1) }

    /// The same for the scalar at `start..<end`.
    func standsAlone(_ start: Int, _ end: Int) -> Bool {
        let byte = bytes[start]
        if byte == 0x0D, end < bytes.count, bytes[end] == 0x0A { return false }
        if byte == 0x0A, start > 0, bytes[start - 1] == 0x0D { return false }
        // Controls break on both sides (a control neighbour too, so only those two cases join).
        if byte < 0x20 || byte == 0x7F { return true }
        if start > 0, bytes[start - 1] >= 0x80 {
            var first = start - 1
            while first > 0, bytes[first] & 0xC0 == 0x80, start - first < 4 { first -= 1 }
            guard characterCount(first, end) == 2 else { return false }
        }
        if end < bytes.count, bytes[end] >= 0x80 {
            let lead = bytes[end]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard characterCount(start, min(bytes.count, end + length)) == 2 else { return false }
        }
        return true
    }

    private func characterCount(_ start: Int, _ end: Int) -> Int {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).count
    }

    /// The first `byte` at or after `start`.
    func first(_ byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func lowered(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte }
    /// `Character.isWhitespace` for an ASCII byte.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// `range`'s bytes are ASCII.
    func isASCII(_ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }

    // MARK: - Rules
    /// `HTMLText.plainText` after its test for plain text: tags, entities, then spaces and lines.
    static func plainText(_ html: String) -> String? {
        guard let stripped = reading(html, { $0.strippingTags() }) else { return nil }
        let decoded: [UInt8]?
        if stripped.contains(UInt8(ascii: "&")) {
            decoded = stripped.withUnsafeBufferPointer { HTMLTextBytes(bytes: $0).decodingEntities() }
        } else {
            decoded = stripped
        }
        guard let decoded, let tidied = decoded.withUnsafeBufferPointer({ HTMLTextBytes(bytes: $0).tidied() }) else { return nil }
        return text(tidied)
    }

    /// `HTMLText.stripTags`.
    func strippingTags() -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<") else {
                out.append(byte)
                index += 1
                continue
            }
            guard standsAlone(index) else { return nil }
            let next = index + 1
            if next < bytes.count {
                let opening = bytes[next]
                guard opening < 0x80 else { return nil }
                if Self.isLetter(opening) || opening == UInt8(ascii: "/") || opening == UInt8(ascii: "!") || opening == UInt8(ascii: "?"),
                    let close = first(UInt8(ascii: ">"), from: next)
                {
                    guard standsAlone(next), standsAlone(close) else { return nil }
                    var end = next
                    while end < close, Self.isLetter(bytes[end]) || Self.isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "/") { end += 1 }
                    // A name running into non-ASCII may go on as Characters.
                    guard end == close || bytes[end] < 0x80 else { return nil }
                    if Self.breaksLine(UnsafeBufferPointer(rebasing: bytes[next..<end])) { out.append(0x0A) }
                    index = close + 1
                    continue
                }
            }
            out.append(byte)
            index = next
        }
        return out
    }

    /// The tag names `stripTags` turns into a newline.
    private static let lineBreakNames: [[UInt8]] = ["br", "br/", "/p", "/div", "/li", "/h1", "/h2", "/h3"].map { Array($0.utf8) }

    private static func breaksLine(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        lineBreakNames.contains { $0.count == name.count && zip($0, name).allSatisfy { $0 == lowered($1) } }
    }

    /// `HTMLText.decodeEntities`.
    func decodingEntities() -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            guard standsAlone(index) else { return nil }
            // The first ";" among the "&" and the 11 Characters after it; all ASCII, without CR, they are bytes
            // (non-ASCII may be a Character equal to ";", U+037E).
            var semicolon: Int?
            var probe = index + 1
            while probe < bytes.count, probe - index < 12 {
                let candidate = bytes[probe]
                guard candidate < 0x80, candidate != 0x0D else { return nil }
                if candidate == UInt8(ascii: ";") {
                    guard standsAlone(probe) else { return nil }
                    semicolon = probe
                    break
                }
                probe += 1
            }
            if let semicolon,
                let decoded = HTMLText.decode(entity: Substring(Self.text(Array(bytes[(index + 1)..<semicolon]))))
            {
                out.append(contentsOf: decoded.utf8)
                index = semicolon + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// `HTMLText.tidy`: lines split at LF, words at space, tab, CR and no-break space (each a Character of
    /// its own), joined by one space; blank lines at the ends dropped and at most one kept in a row.
    func tidied() -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var hasLines = false
        var lastEmpty = false
        var lineMark = 0
        var contentStart = 0
        var pendingSpace = false
        func startLine() {
            lineMark = out.count
            if hasLines { out.append(0x0A) }
            contentStart = out.count
            pendingSpace = false
        }
        func endLine() {
            let empty = out.count == contentStart
            if empty, !hasLines || lastEmpty {
                out.removeLast(out.count - lineMark)
                return
            }
            hasLines = true
            lastEmpty = empty
        }
        startLine()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var separator = 0
            switch byte {
            case 0x0A:
                if standsAlone(index) {
                    endLine()
                    startLine()
                    index += 1
                    continue
                }
            case 0x20, 0x09, 0x0D:
                if standsAlone(index) {
                    separator = 1
                } else if byte == 0x20 {
                    return nil
                }
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:
                guard standsAlone(index, index + 2) else { return nil }
                separator = 2
            default: break
            }
            if separator > 0 {
                pendingSpace = out.count > contentStart
                index += separator
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(byte)
            index += 1
        }
        endLine()
        if hasLines, lastEmpty { out.removeLast() }
        return out
    }

    /// `HTMLText.withoutHiddenElements` (after its "none" test).
    func withoutHiddenElements() -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var rest = 0
        while let open = first(UInt8(ascii: "<"), from: rest) {
            guard standsAlone(open) else { return nil }
            guard let close = first(UInt8(ascii: ">"), from: open + 1) else { break }
            guard standsAlone(close), isASCII(open + 1..<close) else { return nil }
            let tag = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
            let name = Array(tag.prefix { Self.isLetter($0) || Self.isDigit($0) }.map(Self.lowered))
            guard !name.isEmpty, Self.hides(tag), tag.last != UInt8(ascii: "/") else {
                out.append(contentsOf: bytes[rest...close])
                rest = close + 1
                continue
            }
            out.append(contentsOf: bytes[rest..<open])
            rest = close + 1
            var depth = 1
            while depth > 0, let next = first(UInt8(ascii: "<"), from: rest) {
                guard standsAlone(next) else { return nil }
                guard let end = first(UInt8(ascii: ">"), from: next + 1) else {
                    rest = bytes.count
                    break
                }
                guard standsAlone(end), isASCII(next + 1..<end) else { return nil }
                let inner = UnsafeBufferPointer(rebasing: bytes[(next + 1)..<end])
                if inner.first == UInt8(ascii: "/"), Self.startsWith(name, inner.dropFirst()),
                    inner.dropFirst(name.count + 1).allSatisfy(Self.isWhitespace)
                {
                    depth -= 1
                } else if Self.startsWith(name, inner[...]), inner.dropFirst(name.count).first.map(Self.isWhitespace) ?? true,
                    inner.last != UInt8(ascii: "/")
                {
                    depth += 1
                }
                rest = end + 1
            }
            if depth > 0 { rest = bytes.count }
        }
        out.append(contentsOf: bytes[rest...])
        return out
    }

    /// The lower-cased `text` begins with `name` (lower case already).
    private static func startsWith(_ name: [UInt8], _ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        text.count >= name.count && zip(name, text).allSatisfy { $0 == lowered($1) }
    }

    private static let displayNone = Array("display:none".utf8)

    /// The tag, lower-cased and without whitespace, holds "display:none".
    private static func hides(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(tag.count)
        for byte in tag where !isWhitespace(byte) { compact.append(lowered(byte)) }
        guard compact.count >= displayNone.count else { return false }
        for start in 0...(compact.count - displayNone.count) where compact[start..<(start + displayNone.count)].elementsEqual(displayNone) {
            return true
        }
        return false
    }
}
