/// Splits free text into lowercase search tokens the same way for the index and for queries. Accented Latin
/// letters are also indexed without their accents, so "cafe" finds "café".
enum TextTokens {
    static func tokens(_ text: String) -> [String] {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiTokens(text) : characterTokens(text)
    }

    /// The rule, character by character.
    static func characterTokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var insideTag = false  // skip HTML markup in descriptions
        for character in text.lowercased() {
            if character == "<" { insideTag = true }
            if insideTag {
                if character == ">" { insideTag = false }
                flush(&current, into: &result)
                continue
            }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                flush(&current, into: &result)
            }
        }
        flush(&current, into: &result)
        return result
    }

    /// `tokens` for ASCII text, byte by byte: an ASCII character is a letter or a number exactly when it is
    /// one of A–Z, a–z, 0–9, and folds to itself. Most of the demo's text is ASCII, and the Character
    /// walk was most of the time of building the word index (docs/PERFORMANCE.md, issue 40).
    static func asciiTokens(_ text: String) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        var insideTag = false
        func flush() {
            guard !current.isEmpty else { return }
            result.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lower == UInt8(ascii: "<") { insideTag = true }
            if insideTag {
                if lower == UInt8(ascii: ">") { insideTag = false }
                flush()
                continue
            }
            if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                current.append(lower)
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    private static func flush(_ current: inout String, into result: inout [String]) {
        guard !current.isEmpty else { return }
        result.append(current)
        let folded = folded(current)
        if folded != current { result.append(folded) }
        current = ""
    }

    private static let accentFolding: [Character: String] = [
        "à": "a", "á": "a", "â": "a", "ä": "a", "ã": "a", "å": "a", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
        "ì": "i", "í": "i", "î": "i", "ï": "i", "ı": "i", "ñ": "n", "ò": "o", "ó": "o", "ô": "o", "ö": "o", "õ": "o", "ø": "o",
        "ù": "u", "ú": "u", "û": "u", "ü": "u", "ß": "ss", "æ": "ae", "œ": "oe", "ạ": "a", "ộ": "o",
    ]

    static func folded(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 >= 0x80 }) else { return token }
        var out = ""
        for character in token { out += accentFolding[character] ?? String(character) }
        return out
    }
}
