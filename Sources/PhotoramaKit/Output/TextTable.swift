import PhotoramaText

/// Aligned columns that fit a width: cells are sanitized, columns are as wide as their widest cell,
/// and when the whole is too wide the widest shrinkable column gives up a column at a time (cells then
/// end in "…"); only when that is not enough do the others shrink too. Columns are separated by two
/// spaces; the last is not padded.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public var header: String
        /// Whether the column may be narrowed to fit (titles yes, ids no).
        public var shrinkable: Bool
        /// The narrowest a shrinkable column becomes.
        public var minWidth: Int

        public init(_ header: String, shrinkable: Bool = true, minWidth: Int = 5) {
            self.header = header
            self.shrinkable = shrinkable
            self.minWidth = minWidth
        }
    }

    public static let separator = "  "

    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The table as lines, each ending in a newline and at most `width` columns wide.
    public func render(width: Int) -> String {
        let width = max(width, 1)
        let cells = rows.map { row in
            columns.indices.map { index in
                index < row.count ? Sanitizer.sanitize(row[index]) : ""
            }
        }
        var widths = columns.indices.map { index in
            cells.reduce(DisplayWidth.of(columns[index].header)) { max($0, DisplayWidth.of($1[index])) }
        }
        let fixed = Self.separator.count * max(columns.count - 1, 0)
        // First the shrinkable columns down to their minimum, then, on a very narrow terminal, any column.
        while widths.reduce(fixed, +) > width {
            var candidates = columns.indices.filter { columns[$0].shrinkable && widths[$0] > columns[$0].minWidth }
            if candidates.isEmpty { candidates = columns.indices.filter { widths[$0] > 1 } }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        var out = ""
        for line in [columns.map(\.header)] + cells {
            var text = ""
            for index in columns.indices {
                let isLast = index == columns.count - 1
                text +=
                    isLast
                    ? TextLayout.truncate(line[index], toWidth: widths[index])
                    : TextLayout.fit(line[index], toWidth: widths[index]) + Self.separator
            }
            // Trailing blanks (an empty last cell) serve nothing; a table that still does not fit is cut.
            while text.last == " " { text.removeLast() }
            out += TextLayout.truncate(text, toWidth: width) + "\n"
        }
        return out
    }
}
