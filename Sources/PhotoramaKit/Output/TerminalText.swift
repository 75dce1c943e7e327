/// Text from servers made safe and measurable for a terminal: control characters removed, display
/// width counted per grapheme cluster, truncation with "…" that never splits a wide glyph.
public enum TerminalText {
    /// Removes what a terminal would interpret rather than show: C0/C1 controls and DEL (newline and tab
    /// become spaces), bidi overrides and isolates, and invisible zero-width characters. Joiners and
    /// variation selectors stay: they belong to emoji sequences.
    public static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0x061C, 0xFEFF: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Columns `text` takes: East Asian wide characters and emoji count 2, combining marks 0, others 1.
    public static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: return scalars.count > 1 ? 1 : 0
        default: break
        }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation selector
        if first.properties.isEmojiPresentation { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional indicators (flags)
        if scalars.contains(where: { $0.value == 0x200D }), first.properties.isEmoji { return 2 }  // ZWJ sequence
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, the blocks that matter in practice).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard displayWidth(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = self.width(of: character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` truncated to `width` and padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, toWidth width: Int) -> String {
        let cut = truncate(text, toWidth: width)
        let missing = width - displayWidth(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }
}
