import Foundation

/// A JSON scanner over a body's bytes, for readers that go straight to values (`FlickrPhotoListReader`)
/// without building a `JSONValue` tree. It validates as it goes (RFC 8259, UTF-8, paired surrogates,
/// `JSONValue.maximumDepth`) and throws `Unsure` for anything malformed or any form whose reading by the
/// reference decoder (Foundation's, through `JSONValue`) it cannot promise to match, such as exponents
/// or escaped keys: the caller then runs the reference parse, which gives the value or the error.
struct JSONBytes {
    /// Not a verdict on the input: "ask the reference parse".
    struct Unsure: Error {}

    /// A string's raw bytes between its quotes.
    struct StringToken {
        var range: Range<Int>
        /// Holds a backslash escape: decode before use.
        var escaped: Bool
        /// Holds a byte of 0x80 or more (already checked to be valid UTF-8).
        var nonASCII: Bool
    }

    /// A number, as `JSONValue` would hold it: `int` when written as an integer that fits Int64,
    /// else `double`. Exponents, more than 24 characters and fractions of 1e15 or more are `Unsure`:
    /// there the reference decoder's choice between Int64 and Double changes what `.string` gives.
    struct NumberToken {
        var int: Int64?
        var double: Double
    }

    /// A value as a reader keeps it until the object it belongs to is read whole.
    enum Scalar {
        case absent
        case null
        case bool(Bool)
        case string(StringToken)
        case number(NumberToken)
        /// An object or array starting at this offset, read again only when needed.
        case container(Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    var position: Int
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    // MARK: - Structure

    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// The next byte after whitespace, not consumed.
    mutating func peek() throws(Unsure) -> UInt8 {
        skipWhitespace()
        guard position < end else { throw Unsure() }
        return bytes[position]
    }

    mutating func expect(_ byte: UInt8) throws(Unsure) {
        guard try peek() == byte else { throw Unsure() }
        position += 1
    }

    /// Only whitespace left.
    mutating func expectEnd() throws(Unsure) {
        skipWhitespace()
        guard position == end else { throw Unsure() }
    }

    /// Reads `{`; then call `nextKey` until it returns nil.
    mutating func beginObject() throws(Unsure) {
        try expect(UInt8(ascii: "{"))
        try enter()
    }

    /// The next key of the object being read (its `:` consumed), or nil at its `}`. `isFirst` says whether
    /// a comma is due before it.
    mutating func nextKey(isFirst: Bool) throws(Unsure) -> StringToken? {
        let byte = try peek()
        if byte == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return nil
        }
        if !isFirst {
            guard byte == UInt8(ascii: ",") else { throw Unsure() }
            position += 1
        }
        guard try peek() == UInt8(ascii: "\"") else { throw Unsure() }
        let key = try string()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads `[`; then call `nextElement` until it returns false.
    mutating func beginArray() throws(Unsure) {
        try expect(UInt8(ascii: "["))
        try enter()
    }

    /// Whether another element follows (its comma consumed), false at `]`.
    mutating func nextElement(isFirst: Bool) throws(Unsure) -> Bool {
        let byte = try peek()
        if byte == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        if !isFirst {
            guard byte == UInt8(ascii: ",") else { throw Unsure() }
            position += 1
        }
        return true
    }

    private mutating func enter() throws(Unsure) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw Unsure() }
    }

    // MARK: - Values

    /// Reads one value, keeping strings and numbers as tokens and containers as their offset (validated
    /// and skipped).
    mutating func scalar() throws(Unsure) -> Scalar {
        let byte = try peek()
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = position
            try skipValue()
            return .container(start)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        default: return .number(try number())
        }
    }

    /// Validates and passes over one value.
    mutating func skipValue() throws(Unsure) {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var isFirst = true
            while try nextKey(isFirst: isFirst) != nil {
                isFirst = false
                try skipValue()
            }
        case UInt8(ascii: "["):
            try beginArray()
            var isFirst = true
            while try nextElement(isFirst: isFirst) {
                isFirst = false
                try skipValue()
            }
        default: _ = try scalar()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unsure) {
        let count = word.utf8CodeUnitCount
        guard end - position >= count else { throw Unsure() }
        let text = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != text[offset] { throw Unsure() }
        position += count
    }

    /// A string starting at its opening quote.
    mutating func string() throws(Unsure) -> StringToken {
        position += 1
        let start = position
        var escaped = false
        var nonASCII = false
        while true {
            // Eight bytes at a time while none of them ends the string, escapes or is a control character.
            while end - position >= 8, let base = bytes.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                guard !Self.mayStopString(word) else { break }
                if word & 0x8080_8080_8080_8080 != 0 { nonASCII = true }
                position += 8
            }
            guard position < end else { throw Unsure() }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try passEscape()
                continue
            }
            if byte < 0x20 { throw Unsure() }
            if byte >= 0x80 { nonASCII = true }
            position += 1
        }
        let range = start..<position
        position += 1
        if nonASCII, !Self.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[range])) { throw Unsure() }
        return StringToken(range: range, escaped: escaped, nonASCII: nonASCII)
    }

    /// Whether one of the eight bytes of `word` is a quote, a backslash or below 0x20 (bytes of 0x80 and more
    /// are none of these): the string scan's test for a word it may pass whole.
    static func mayStopString(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }

    /// Passes `\x` or `\uXXXX`; a high surrogate must be followed by an escaped low one, and a low one
    /// must not stand alone.
    private mutating func passEscape() throws(Unsure) {
        guard position + 1 < end else { throw Unsure() }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 2)
            position += 6
            if (0xDC00...0xDFFF).contains(unit) { throw Unsure() }
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw Unsure()
                }
                let low = try hex4(at: position + 2)
                guard (0xDC00...0xDFFF).contains(low) else { throw Unsure() }
                position += 6
            }
        default: throw Unsure()
        }
    }

    private func hex4(at start: Int) throws(Unsure) -> UInt32 {
        guard start + 4 <= end else { throw Unsure() }
        var value: UInt32 = 0
        for index in start..<start + 4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsure()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?`; see `NumberToken` for what is `Unsure`.
    mutating func number() throws(Unsure) -> NumberToken {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let digitsStart = position
        var value: Int64 = 0
        var fits = true
        while position < end, let digit = Self.digit(bytes[position]) {
            if fits {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) =
                    negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
                if overflow1 || overflow2 { fits = false } else { value = next }
            }
            position += 1
        }
        let digitCount = position - digitsStart
        guard digitCount > 0, !(digitCount > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { throw Unsure() }
        var isInteger = true
        if position < end, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let fractionStart = position
            while position < end, Self.digit(bytes[position]) != nil { position += 1 }
            guard position > fractionStart else { throw Unsure() }
        }
        if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") { throw Unsure() }
        guard position - start <= 24 else { throw Unsure() }
        if isInteger, fits { return NumberToken(int: value, double: Double(value)) }
        guard let double = Double(text(start..<position)), double.isFinite else { throw Unsure() }
        if !isInteger, abs(double) >= 1e15 { throw Unsure() }
        return NumberToken(int: nil, double: double)
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }

    // MARK: - Text

    /// The bytes in `range` as a String (the caller knows them to be valid UTF-8).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A string token's text, escapes decoded.
    func decode(_ token: StringToken) -> String {
        guard token.escaped else { return text(token.range) }
        var out: [UInt8] = []
        out.reserveCapacity(token.range.count)
        var index = token.range.lowerBound
        while index < token.range.upperBound {
            // The run up to the next backslash at once.
            var run = index
            while run < token.range.upperBound, bytes[run] != UInt8(ascii: "\\") { run += 1 }
            if run > index {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<run]))
                index = run
                continue
            }
            let kind = bytes[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = (try? hex4(at: index)) ?? 0xFFFD
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = (try? hex4(at: index + 2)) ?? 0xDC00
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                if let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) { out.append(contentsOf: encoded) }
            default: out.append(kind)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A scalar as the `JSONValue` the reference decoder makes of it (nil when absent), for the rare shapes
    /// a reader hands to the reference accessors. Containers are read again from their offset.
    func value(of scalar: Scalar) throws(Unsure) -> JSONValue? {
        switch scalar {
        case .absent: return nil
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let token): return .string(decode(token))
        case .number(let number): return number.int.map(JSONValue.int) ?? .double(number.double)
        case .container(let start):
            var copy = self
            copy.position = start
            copy.depth = 0
            return try copy.value()
        }
    }

    /// A whole body as the `JSONValue` the reference parse makes of it, for readers whose parse works on the
    /// tree (`CommonsAPI`, `OpenverseAPI`): Foundation's decoder is left for what the scanner is unsure of.
    static func document(_ body: Data) -> JSONValue? {
        body.withUnsafeBytes { raw -> JSONValue? in
            var scanner = JSONBytes(raw.bindMemory(to: UInt8.self), range: 0..<raw.count)
            guard let value = try? scanner.value(), (try? scanner.expectEnd()) != nil else { return nil }
            return value
        }
    }

    private mutating func value() throws(Unsure) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var object: [String: JSONValue] = [:]
            var isFirst = true
            while let key = try nextKey(isFirst: isFirst) {
                isFirst = false
                guard object.updateValue(try value(), forKey: decode(key)) == nil else { throw Unsure() }
            }
            return .object(object)
        case UInt8(ascii: "["):
            try beginArray()
            var array: [JSONValue] = []
            var isFirst = true
            while try nextElement(isFirst: isFirst) {
                isFirst = false
                array.append(try value())
            }
            return .array(array)
        default:
            return try value(of: try scalar()) ?? .null
        }
    }

    // MARK: - UTF-8

    /// Well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
    /// Checked by the table of well-formed sequences (Unicode 3.9, table 3-7) without making a String:
    /// `String(validating:)` allocated one for every non-ASCII string read (docs/PERFORMANCE.md, issue 40).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard count - index >= length, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
