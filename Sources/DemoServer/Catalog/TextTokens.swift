/// Splits free text into lowercase search tokens the same way for the index and for queries. Accented Latin
/// letters are also indexed without their accents, so "cafe" finds "café".
enum TextTokens {
    static func tokens(_ text: String) -> [String] {
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
