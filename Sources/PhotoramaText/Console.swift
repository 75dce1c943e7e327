import Glibc
import PhotoramaFiles

/// The one way the program prints text. Every line passes through `Sanitizer`, so nothing that came from a
/// server, a file or an argument can move the cursor, clear the screen or write the clipboard; the only
/// controls on the way out are the line breaks and the ones this type adds itself.
public enum Console {
    /// Command output on stdout: each line sanitized, line breaks kept, a final newline added if missing.
    /// `linkingAddresses`: the whole addresses in it become OSC 8 links (`Hyperlink`), added after sanitizing.
    public static func write(_ text: String, linkingAddresses: Bool = false) {
        guard !text.isEmpty else { return }
        var out = sanitizedLines(text)
        if linkingAddresses { out = Hyperlink.linkAddresses(in: out) }
        if out.last != "\n" { out += "\n" }
        writeAll(out, to: STDOUT_FILENO)
    }

    /// One line on stderr ("photorama: …"): sanitized and folded onto one line.
    public static func errorLine(_ line: String) {
        writeAll(Sanitizer.singleLine(line) + "\n", to: STDERR_FILENO)
    }

    /// A status line on stderr that replaces itself (download progress): carriage return, the sanitized
    /// line, erase to the end of the line. `nil` clears it.
    public static func statusLine(_ line: String?) {
        writeAll("\r" + (line.map(Sanitizer.singleLine) ?? "") + "\u{1B}[K", to: STDERR_FILENO)
    }

    /// Each line of `text` sanitized on its own, the line breaks between them kept.
    public static func sanitizedLines(_ text: String) -> String {
        if !text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A) || $0 >= 0x7F }) { return text }
        // By bytes: "\r\n" is one Character, so a split on Characters would miss that line break.
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { Sanitizer.sanitize(String(decoding: $0, as: UTF8.self)) }
            .joined(separator: "\n")
    }

    /// Writes the text's bytes; a closed or full stream ends it quietly, since there is nowhere left to
    /// report that.
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { _ = try? Descriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
