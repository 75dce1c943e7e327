import PhotoramaText

/// One line of the help as laid out for a width: a section title, a row's first line (its keys and the
/// start of its description), a continuation of either, or a blank line between sections.
struct HelpLine: Equatable {
    var keys = ""
    var text = ""
    var isTitle = false
}

/// The help laid out for a width: every description word-wrapped under itself, beside its keys, so no line
/// is cut at any width where one word fits.
enum HelpLines {
    /// Keys take at most 20 columns (a third of narrow terminals); descriptions the rest, after a space.
    static func keyWidth(_ width: Int) -> Int { min(20, width / 3) }

    static func lines(for keyMap: KeyMap, width: Int) -> [HelpLine] {
        let keyColumn = max(1, keyWidth(width) - 1)
        let textColumn = max(1, width - keyWidth(width) - 1)
        var lines: [HelpLine] = []
        for (index, section) in KeyBindings.sections(for: keyMap).enumerated() {
            if index > 0 { lines.append(HelpLine()) }
            lines.append(HelpLine(text: section.title, isTitle: true))
            for row in section.rows {
                let keys = TextLayout.wrap(row.keys, width: keyColumn)
                let text = TextLayout.wrap(row.action, width: textColumn)
                for line in 0..<max(keys.count, text.count, 1) {
                    lines.append(HelpLine(keys: line < keys.count ? keys[line] : "", text: line < text.count ? text[line] : ""))
                }
            }
        }
        return lines
    }
}
