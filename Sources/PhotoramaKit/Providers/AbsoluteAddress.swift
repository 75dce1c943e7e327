import Foundation

/// An address from an answer as the text `PhotoImage` and `Photo.pageAddress` keep: a URL's absoluteString.
/// Parsing each address with `URL(string:)` was a third of reading an Openverse page and a fifth of a
/// Commons one (docs/PERFORMANCE.md, issue 40), so text that URL would give back unchanged is kept as it is.
enum AbsoluteAddress {
    /// `URL(string: text)?.absoluteString`, nil when that fails or (with `requiringScheme`) has no scheme.
    static func text(_ text: String, requiringScheme: Bool = true) -> String? {
        if isPlain(text) { return text }
        if let encoded = encodingNonASCII(text) { return encoded }
        guard let url = URL(string: text), !requiringScheme || url.scheme != nil else { return nil }
        return url.absoluteString
    }

    /// Text that is plain but for non-ASCII after the host, with no "%" (URL escapes every "%" once it has to
    /// escape anything): what `URL(string:)` gives back, each non-ASCII byte as `%XX` in upper-case hex. Page
    /// addresses with accented or CJK titles took a twentieth of a Commons page's reading through URL.
    static func encodingNonASCII(_ text: String) -> String? {
        var count = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") { return nil }
            if byte >= 0x80 { count += 1 }
        }
        guard count > 0 else { return nil }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2 * count)
        for byte in text.utf8 {
            if byte >= 0x80 {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        let encoded = String(decoding: out, as: UTF8.self)
        return isPlain(encoded) ? encoded : nil
    }

    /// ASCII `http(s)://host[:port]` with a lower-case host, then nothing or a path and query of RFC 3986
    /// characters (unreserved, sub-delims, `:@/?` and `%XX`), with no dot segment and no fragment: what
    /// `URL(string:)` accepts and gives back as it is.
    static func isPlain(_ text: String) -> Bool {
        // Over the bytes themselves: String.UTF8View's indices made this check a sixth of a Commons page's reading.
        if let plain = text.utf8.withContiguousStorageIfAvailable(isPlain(bytes:)) { return plain }
        return Array(text.utf8).withUnsafeBufferPointer(isPlain(bytes:))
    }

    private static func isPlain(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bytes.startIndex
        func take(_ word: StaticString) -> Bool {
            var probe = index
            for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
                guard probe < bytes.endIndex, bytes[probe] == byte else { return false }
                probe = bytes.index(after: probe)
            }
            index = probe
            return true
        }
        guard take("https://") || take("http://") else { return false }
        var hostLength = 0
        var last: UInt8 = 0
        while index < bytes.endIndex, isHost(bytes[index]) {
            if hostLength == 0, !isLowerAlphanumeric(bytes[index]) { return false }
            last = bytes[index]
            hostLength += 1
            index = bytes.index(after: index)
        }
        guard hostLength > 0, isLowerAlphanumeric(last) else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
            index = bytes.index(after: index)
            var port = 0
            var digits = 0
            while index < bytes.endIndex, let digit = digit(bytes[index]) {
                if digits == 0, digit == 0 { return false }
                port = port * 10 + Int(digit)
                digits += 1
                guard digits <= 5 else { return false }
                index = bytes.index(after: index)
            }
            guard digits > 0, port <= 65535 else { return false }
        }
        guard index == bytes.endIndex || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") else { return false }
        var previous: UInt8 = 0
        var escape = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            if escape > 0 {
                guard isHex(byte) else { return false }
                escape -= 1
            } else if byte == UInt8(ascii: "%") {
                escape = 2
            } else {
                guard isPathOrQuery(byte), !(byte == UInt8(ascii: ".") && previous == UInt8(ascii: "/")) else { return false }
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return escape == 0
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || digit(byte) != nil
    }

    private static func isHost(_ byte: UInt8) -> Bool {
        isLowerAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        digit(byte) != nil || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    /// Unreserved, sub-delims, `:`, `@`, `/` and `?`: a bit for each ASCII byte (the byte-by-byte switch was
    /// most of this check's time in a Commons page).
    private static func isPathOrQuery(_ byte: UInt8) -> Bool {
        byte < 64 ? pathOrQueryLow >> UInt64(byte) & 1 == 1 : byte < 128 && pathOrQueryHigh >> UInt64(byte - 64) & 1 == 1
    }

    /// Bits 0–63 and 64–127 of the bytes `isPathOrQuery` accepts: a–z A–Z 0–9 - . _ ~ ! $ & ' ( ) * + , ; = : @ / ?
    private static let pathOrQueryLow: UInt64 = 0xAFFF_FFD2_0000_0000
    private static let pathOrQueryHigh: UInt64 = 0x47FF_FFFE_87FF_FFFF
}
