import Foundation

/// Fitting sanitized text into columns without splitting a grapheme cluster.
public enum TextLayout {
    public static let ellipsis = "…"

    /// The text if it fits in `width` columns, else the longest prefix of whole clusters that fits in
    /// `width - 1` columns followed by "…". Zero-width clusters are dropped.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if let ascii = DisplayWidth.asciiWidth(text) {
            if ascii <= width { return text }
            return String(text.prefix(width - 1)) + ellipsis
        }
        var result = ""
        var used = 0
        // Where the result ends while it still leaves one column for the ellipsis.
        var cutEnd = result.endIndex
        for cluster in text {
            let w = DisplayWidth.of(cluster)
            if w == 0 { continue }
            if used + w > width { return String(result[..<cutEnd]) + ellipsis }
            result.append(cluster)
            used += w
            if used <= width - 1 { cutEnd = result.endIndex }
        }
        return result
    }

    /// Text padded with spaces (or truncated) to exactly `width` columns.
    public static func fit(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let cut = truncate(text, toWidth: width)
        let used = DisplayWidth.of(cut)
        return used < width ? cut + String(repeating: " ", count: width - used) : cut
    }

    /// Word-wraps text into lines of at most `width` columns. Words longer than a line are broken
    /// between clusters. Spaces at line breaks are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(String(word))
            let needed = lineWidth == 0 ? wordWidth : lineWidth + 1 + wordWidth
            if needed <= width {
                if lineWidth > 0 { line += " " }
                line += word
                lineWidth = needed
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if wordWidth <= width {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            // A word longer than the line: break it between clusters.
            for cluster in word {
                let w = DisplayWidth.of(cluster)
                if w == 0 { continue }
                if lineWidth + w > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(cluster)
                lineWidth += w
            }
        }
        if lineWidth > 0 { lines.append(line) }
        return lines
    }
}

/// Numbers as people read them.
public enum NumberText {
    /// 5000 → "5,000"; -1234567 → "-1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A byte count: "512 B", "4.5 KB", "12.3 MB".
    public static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        if count < 1_000_000 { return oneDecimal(Double(count) / 1000) + " KB" }
        return oneDecimal(Double(count) / 1_000_000) + " MB"
    }

    /// A duration in whole milliseconds: "123 ms".
    public static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    package static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A coordinate or radius in messages, formatted as PhotoramaKit's validation does: whole numbers
    /// without ".0", else at most four decimals.
    package static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
