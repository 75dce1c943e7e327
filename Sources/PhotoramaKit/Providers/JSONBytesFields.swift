import Foundation

/// Scalars read the way `JSONValue`'s accessors read them, so byte readers (`FlickrPhotoListReader`,
/// `FiveHundredPxListReader`, `LocationsListReader`) give exactly what the tree gives. The common forms
/// are read from the bytes; rare ones are handed to the reference accessors through `value(of:)`.
extension JSONBytes {
    // MARK: - Fields, as JSONValue's accessors read them

    /// `.string`: a string, or a number written as one.
    func string(_ value: Scalar) throws(Unsure) -> String? {
        switch value {
        case .string(let token): decode(token)
        case .number(let number): number.int.map { String($0) } ?? JSONValue.double(number.double).string
        default: nil
        }
    }

    /// `.nonEmptyString`: trimmed of whitespace, nil when empty. Text with plain ASCII at both ends
    /// needs no trimming.
    func nonEmptyString(_ value: Scalar) throws(Unsure) -> String? {
        switch value {
        case .absent: return nil
        case .string(let token) where !token.escaped && !token.range.isEmpty:
            if JSONValue.isPlainEdge(bytes[token.range.lowerBound]), JSONValue.isPlainEdge(bytes[token.range.upperBound - 1]) {
                return text(token.range)
            }
            return try self.value(of: value)?.nonEmptyString
        default: return try self.value(of: value)?.nonEmptyString
        }
    }

    /// `.int`: a number or a string of digits.
    func int(_ value: Scalar) throws(Unsure) -> Int? {
        switch value {
        case .absent: return nil
        case .number(let number):
            if let int = number.int { return Int(exactly: int) }
            return number.double == number.double.rounded() && abs(number.double) < 1e15 ? Int(number.double) : nil
        case .string(let token) where isPlainASCII(token): return Int(text(token.range))
        default: return try self.value(of: value)?.int
        }
    }

    /// `.double`: a number or a numeric string.
    func double(_ value: Scalar) throws(Unsure) -> Double? {
        switch value {
        case .absent: return nil
        case .number(let number): return number.int.map { Double($0) } ?? number.double
        case .string(let token) where isPlainASCII(token):
            guard let double = Double(text(token.range)), double.isFinite else { return nil }
            return double
        default: return try self.value(of: value)?.double
        }
    }

    /// `.bool`: true or false, a number, or a word such as "1" or "yes".
    func bool(_ value: Scalar) throws(Unsure) -> Bool? {
        switch value {
        case .absent: return nil
        case .bool(let flag): return flag
        default: return try self.value(of: value)?.bool
        }
    }

    /// Unescaped ASCII with no space: the reference's trimming changes nothing.
    func isPlainASCII(_ token: StringToken) -> Bool {
        !token.escaped && !token.nonASCII && !slice(token.range).contains(0x20)
    }

    // MARK: - Keys and bytes

    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// A key's bytes; an escaped key might spell a known one, so the reference reads it.
    func plainKey(_ key: StringToken) throws(Unsure) -> UnsafeBufferPointer<UInt8> {
        guard !key.escaped else { throw Unsure() }
        return slice(key.range)
    }

    /// Reads `slot` once: a key seen twice is for the reference to settle.
    mutating func once(_ slot: inout Scalar) throws(Unsure) {
        guard case .absent = slot else { throw Unsure() }
        slot = try scalar()
    }

    /// Which of an object's keys a reader has read, by number (up to 64): a key read twice is for the
    /// reference to settle.
    struct Seen {
        private var bits: UInt64 = 0

        mutating func once(_ bit: Int) throws(Unsure) {
            guard bits & (1 << bit) == 0 else { throw Unsure() }
            bits |= 1 << bit
        }
    }

    static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        text.count == word.utf8CodeUnitCount && startsWith(text, word)
    }

    static func startsWith(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard text.count >= count else { return false }
        guard count > 0, let base = text.baseAddress else { return true }
        return memcmp(base, word.utf8Start, count) == 0
    }

    static func endsWith(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard text.count >= count else { return false }
        guard count > 0, let base = text.baseAddress else { return true }
        return memcmp(base + text.count - count, word.utf8Start, count) == 0
    }
}
