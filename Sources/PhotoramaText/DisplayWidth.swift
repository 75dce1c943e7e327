/// How many terminal columns text occupies, computed per extended grapheme cluster.
///
/// We compute this ourselves instead of asking `wcwidth`, which depends on the locale and disagrees
/// with terminals on emoji sequences. The rules:
/// - printable ASCII is 1;
/// - a cluster made only of zero-width scalars (a lone combining mark, a format character) is 0;
/// - emoji clusters are 2: anything with an emoji-presentation scalar, a VS16 (U+FE0F), a ZWJ
///   sequence or a regional-indicator flag, and VS15 (U+FE0E) makes a text-style emoji 1 again;
/// - East Asian Wide and Fullwidth scalars (CJK, Hangul, kana, fullwidth forms) are 2;
/// - anything else takes the width of its first scalar (combining marks after it add nothing).
public enum DisplayWidth {
    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ cluster: Character) -> Int {
        if let ascii = cluster.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = cluster.unicodeScalars
        var first: Unicode.Scalar?
        var sawVS16 = false
        var sawVS15 = false
        var sawEmojiPresentation = false
        var sawJoiner = false
        var sawEmoji = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: sawVS16 = true
            case 0xFE0E: sawVS15 = true
            case 0x200D: sawJoiner = true
            default:
                let properties = scalar.properties
                if properties.isEmojiPresentation { sawEmojiPresentation = true }
                if properties.isEmoji { sawEmoji = true }
            }
            if first == nil, width(of: scalar) > 0 { first = scalar }
        }
        guard let first else { return 0 }
        if sawVS15 && !sawJoiner { return width(of: first) }
        if sawVS16 && sawEmoji { return 2 }
        if sawEmojiPresentation { return 2 }
        if sawJoiner && sawEmoji { return 2 }
        return width(of: first)
    }

    /// The width of text: the sum over its grapheme clusters.
    public static func of(_ text: String) -> Int {
        if let ascii = asciiWidth(text) { return ascii }
        var total = 0
        for cluster in text { total += of(cluster) }
        return total
    }

    /// The width of text made only of printable ASCII (every byte one column), else nil.
    package static func asciiWidth(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// The width of a single scalar on its own: 0 for controls, combining and format characters,
    /// 2 for wide ones, else 1.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        if isWide(value) { return 2 }
        // Hangul medial vowels and final consonants combine with the initial consonant.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator, .surrogate:
            return 0
        default:
            break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, the parts terminals draw two columns wide.
    package static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
            0x231A...0x231B, 0x2329...0x232A,
            0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
            0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xA000...0xA4CF,  // Yi
            0xA960...0xA97F,  // Hangul Jamo extended A
            0xAC00...0xD7A3,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE10...0xFE19,  // vertical forms
            0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
            0xFF00...0xFF60,  // fullwidth forms
            0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, kana supplement
            0x1F200...0x1F2FF,  // enclosed ideographic supplement
            0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK extensions B and later
            return true
        default:
            return false
        }
    }
}
