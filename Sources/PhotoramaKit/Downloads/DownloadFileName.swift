/// Safe file names for downloaded photos: "Title - ID.ext", or "Title (2) - ID.ext" when that name is
/// taken. The title is untrusted text from a service, so everything a file system, a shell or a
/// terminal could misread is taken out of it.
public enum DownloadFileName {
    /// The longest name, in bytes of UTF-8 (most file systems allow 255; this leaves room for ".part").
    public static let maxBytes = 120
    /// Used when nothing of the title survives.
    public static let untitled = "untitled"
    static let maxIDBytes = 64

    /// The final name for a photo: sanitized title, copy number from 2 on, the id, the extension.
    public static func make(title: String, id: String, fileExtension: String, copy: Int = 1) -> String {
        "\(stem(title: title, id: id, copy: copy)).\(fileExtension)"
    }

    /// Where the bytes go while they arrive: the name without copy number or extension, so a later
    /// run finds it again and resumes.
    public static func partial(title: String, id: String) -> String {
        "\(stem(title: title, id: id, copy: 1, reserving: 5)).part"
    }

    /// "Title (n) - ID", cut so that the whole name with a 4-character extension (".jpg", ".png",
    /// ".gif", "webp" is 5) fits in `maxBytes`.
    static func stem(title: String, id: String, copy: Int, reserving extensionBytes: Int = 5) -> String {
        let safeID = self.safeID(id)
        let suffix = (copy > 1 ? " (\(copy))" : "") + " - " + safeID
        let budget = maxBytes - suffix.utf8.count - extensionBytes
        var cleaned = cut(sanitize(title), toBytes: budget)
        if cleaned.isEmpty { cleaned = untitled }
        return cleaned + suffix
    }

    /// The title with unsafe characters removed or replaced, whitespace collapsed, and no leading dot,
    /// dash or space, nor trailing dot or space. A reserved device name (CON, NUL, COM1…) is dropped.
    public static func sanitize(_ title: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in title.unicodeScalars {
            // Tabs and newlines are whitespace first: "a\nb" reads as "a b", not "ab".
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if isDropped(scalar) { continue }
            let replaced: Unicode.Scalar = isSeparator(scalar) ? "_" : scalar
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(replaced)
        }
        // A name starting with "." is hidden; one starting with "-" reads as an option to most commands.
        while let first = out.first, first == "." || first == "-" || first == " " { out.removeFirst() }
        while let last = out.last, last == "." || last == " " { out.removeLast() }
        if isReservedName(out) { return "" }
        return out
    }

    /// At most `limit` bytes of UTF-8, cut before a whole character (a grapheme cluster), never inside one.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var out = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= limit else { break }
            out.append(character)
            used += size
        }
        while let last = out.last, last == "." || last == " " { out.removeLast() }
        return out
    }

    /// Ids are digits (Flickr, 500px) or short words; anything else becomes "_" and long ones are cut.
    static func safeID(_ id: String) -> String {
        let mapped = String(
            String.UnicodeScalarView(
                id.unicodeScalars.prefix(maxIDBytes).map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "@" || scalar == "_")
                        ? scalar : "_"
                }))
        return mapped.isEmpty ? "_" : mapped
    }

    /// Path separators, and the characters Windows and many tools refuse in names.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        "/\\:*?\"<>|".unicodeScalars.contains(scalar)
    }

    /// C0 and C1 controls, DEL, and format characters (bidi controls, zero-width joiners and spaces,
    /// the byte order mark): invisible or reordering text, so a name could not be read as it is.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.properties.generalCategory == .format { return true }
        // Hangul fillers and replacement characters: blank or meaningless in a name.
        return [0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFFC, 0xFFFD].contains(scalar.value)
    }

    static let reservedNames: Set<String> = Set(["CON", "PRN", "AUX", "NUL"])
        .union((1...9).map { "COM\($0)" }).union((1...9).map { "LPT\($0)" })

    static func isReservedName(_ name: String) -> Bool {
        name == "." || name == ".." || reservedNames.contains(name.uppercased())
    }
}
