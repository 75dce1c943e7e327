/// Refuses, as a syntax error, a table header whose name starts with a character no TOML key can start
/// with (`[{theme]`), or that ends with its line (`[`). toml++ (inside TOMLKit) asserts on that instead of reporting it, and an assertion
/// aborts the whole program: found by fuzzing the config reader. Lines that continue a multi-line array
/// (the previous line ends in `[` or `,`) are values, not headers, and are left to the parser. A byte
/// order mark before the first line is skipped, as toml++ does.
enum TableHeaderCheck {
    /// The first such header as (line, column), both 1-based; nil when there is none.
    static func firstBadHeader(in text: String) -> (line: Int, column: Int)? {
        var previous = ""
        // Lines by scalars: as Characters, "\r\n" is one and does not split at "\n" (a fifth assertion hid
        // behind a CRLF line end). A CR before the LF ends the line, as for toml++.
        for (index, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var content = Array(line)
            if content.last == "\r" { content.removeLast() }
            // toml++ skips a byte order mark at the start (a fourth assertion hid behind one).
            if index == 0, content.first == "\u{FEFF}" { content.removeFirst() }
            defer {
                var code = String(String.UnicodeScalarView(content))
                if let hash = code.firstIndex(of: "#") { code = String(code[..<hash]) }
                let trimmed = code.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { previous = trimmed }
            }
            var position = 0
            while position < content.count, content[position] == " " || content[position] == "\t" { position += 1 }
            guard position < content.count, content[position] == "[", !(previous.hasSuffix("[") || previous.hasSuffix(",")) else {
                continue
            }
            position += 1
            if position < content.count, content[position] == "[" { position += 1 }
            while position < content.count, content[position] == " " || content[position] == "\t" { position += 1 }
            // Nothing after the bracket on its line: toml++ asserts on the line break too (found by fuzzing).
            guard position < content.count else { return (index + 1, position + 1) }
            let first = content[position]
            if first == "]" || first == "\"" || first == "'" || isBareKeyCharacter(first) { continue }
            return (index + 1, position + 1)
        }
        return nil
    }

    private static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
