/// OSC 8 hyperlinks: an address shown on a terminal becomes a link the terminal can open. Only where the
/// terminal is known to pass them (not the Linux console, not GNU screen, not a pipe or a file), and only
/// for an address of printable ASCII with an http(s) scheme, so no control byte reaches the terminal
/// through the link.
public enum Hyperlink {
    /// Output to `isTerminal` described by `term` ($TERM) may carry links.
    public static func isSupported(term: String?, isTerminal: Bool) -> Bool {
        guard isTerminal, let term, !term.isEmpty, term != "dumb", term != "linux" else { return false }
        return !term.hasPrefix("screen")
    }

    /// The address as a link target, or nil when it is none: anything but printable ASCII, or not http(s).
    public static func target(_ address: String) -> String? {
        guard address.hasPrefix("https://") || address.hasPrefix("http://") else { return nil }
        guard address.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return address
    }

    /// `text` as a link to `address`; plain `text` when the address cannot be a target.
    public static func wrap(_ text: String, address: String) -> String {
        guard let target = target(address) else { return text }
        return "\u{1B}]8;;\(target)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// Every whole address in already sanitized text (a word starting with http:// or https://) linked to
    /// itself; an address cut short with "…" is left as it is, its target being unknown.
    public static func linkAddresses(in text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            // "<https://…>", as the licence is shown: the brackets stay outside the link.
            let bracketed = word.hasPrefix("<") && word.hasSuffix(">") && word.count > 2
            let address = bracketed ? String(word.dropFirst().dropLast()) : word
            if !address.hasSuffix(TextLayout.ellipsis), target(address) != nil {
                out += bracketed ? "<" + wrap(address, address: address) + ">" : wrap(address, address: address)
            } else {
                out += word
            }
            word = ""
        }
        for character in text {
            if character == " " || character == "\n" || character == "\t" {
                flush()
                out.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return out
    }
}
