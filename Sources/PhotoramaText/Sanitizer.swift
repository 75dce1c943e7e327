/// Makes text from servers safe to put on a terminal.
///
/// - Escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST`, DCS/SOS/PM/APC strings, two- and
///   three-byte escapes) and their C1 forms are removed whole, so nothing can move the cursor, clear
///   the screen, retitle the window or write the clipboard.
/// - Other C0 and C1 controls and DEL are removed; CR, LF, TAB, NEL and the Unicode line and paragraph
///   separators become a space ("\r\n" one space).
/// - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), directional marks, zero-width
///   spaces and joiners, word joiners and the BOM are removed. A zero-width joiner between two emoji stays,
///   because it is what makes a ZWJ sequence one glyph; tag characters stay after an emoji (subdivision flags).
public enum Sanitizer {
    // MARK: - Sanitizing
    public static func sanitize(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            switch disposition(of: scalar) {
            case .keep:
                output.append(scalar)
            case .escape:
                index = skipEscape(scalars, from: index + 1)
                continue
            case .controlSequence:
                index = skipControlSequence(scalars, from: index + 1)
                continue
            case .controlString:
                index = skipString(scalars, from: index + 1)
                continue
            case .carriageReturn:
                output.append(" ")
                if index + 1 < count, scalars[index + 1].value == 0x0A { index += 1 }
            case .space:
                output.append(" ")
            case .drop:
                break
            case .joiner:
                if let previous = output.last, isEmojiLike(previous), index + 1 < count, isEmojiLike(scalars[index + 1]) {
                    output.append(scalar)
                }
            case .tag:
                if let previous = output.last, isEmojiLike(previous) || (0xE0020...0xE007F).contains(previous.value) {
                    output.append(scalar)
                }
            }
            index += 1
        }
        return String(output)
    }

    /// What `sanitize` does with a scalar met outside an escape sequence.
    enum Disposition {
        case keep, drop, space, carriageReturn
        /// ESC, C1 CSI, and the C1 introducers of DCS, SOS, OSC, PM and APC strings.
        case escape, controlSequence, controlString
        /// Kept only inside an emoji sequence (a ZWJ between emoji, tag characters after one).
        case joiner, tag
    }

    // MARK: - What a terminal would interpret
    /// The one table of what a terminal would interpret rather than show.
    static func disposition(of scalar: Unicode.Scalar) -> Disposition {
        switch scalar.value {
        case 0x1B: .escape
        case 0x9B: .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: .controlString
        case 0x0D: .carriageReturn
        case 0x09, 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: .space
        case 0x00...0x1F, 0x7F...0x9F: .drop
        case 0x200D: .joiner
        case 0xE0020...0xE007F: .tag
        case 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFEFF, 0x061C, 0x180E, 0xFFF9...0xFFFB:
            .drop
        default: .keep
        }
    }

    /// Whether `sanitize` may remove or replace this scalar somewhere: an encoder that escapes every such
    /// scalar (JSON's `\uXXXX`) produces text the sanitizer leaves exactly as it is.
    public static func mayAlter(_ scalar: Unicode.Scalar) -> Bool {
        if case .keep = disposition(of: scalar) { return false }
        return true
    }

    // MARK: - One line
    /// The sanitized text on one line with runs of spaces collapsed and the ends trimmed: for titles,
    /// names and other single-line labels.
    public static func singleLine(_ text: String) -> String {
        let clean = sanitize(text)
        if isPlainASCII(clean), !clean.hasPrefix(" "), !clean.hasSuffix(" "), !clean.contains("  ") { return clean }
        var result = ""
        result.reserveCapacity(clean.utf8.count)
        var pendingSpace = false
        for character in clean {
            if character == " " {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    static func isPlainASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    static func isEmojiLike(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value) { return true }
        return value > 0xFF && scalar.properties.isEmoji
    }

    // MARK: - Skipping escape sequences
    /// After ESC: skips the rest of the sequence and returns the index after it.
    static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start].value {
        case 0x5B:  // [
            return skipControlSequence(scalars, from: start + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
            return skipString(scalars, from: start + 1)
        default:
            // nF escapes: intermediates 0x20–0x2F then one final byte; otherwise one byte (ESC c, ESC 7 …).
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            guard index < scalars.count else { return index }
            // A control after ESC is not part of the escape: leave it for the main loop to remove.
            return scalars[index].value < 0x20 ? index : index + 1
        }
    }

    /// A CSI body: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, then one final byte 0x40–0x7E.
    /// Anything else ends the sequence early (and is kept, unless it is itself a control).
    static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if (0x20...0x3F).contains(value) {
                index += 1
            } else if (0x40...0x7E).contains(value) {
                return index + 1
            } else {
                return index
            }
        }
        return index
    }

    /// An OSC, DCS, SOS, PM or APC body: up to and including BEL, ESC \ or the C1 ST (0x9C).
    static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C:
                return index + 1
            case 0x1B:
                if index + 1 < scalars.count, scalars[index + 1].value == 0x5C { return index + 2 }
                // An unterminated string ended by a new escape: let that escape be parsed on its own.
                return index
            default:
                index += 1
            }
        }
        return index
    }
}
