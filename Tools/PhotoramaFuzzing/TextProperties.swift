import PhotoramaTUI
import PhotoramaText

/// What must hold for any text that reaches a frame, whatever the server sent.
enum TextProperties {
    /// Broken properties of `sanitized` (text after `Sanitizer.sanitize`): no C0 or C1 control, ESC or DEL;
    /// no bidi control or mark; no zero-width character, except a joiner inside an emoji sequence; and its
    /// display width is the sum of its clusters' widths.
    static func violations(ofSanitized sanitized: String, from input: String) -> [String] {
        var broken: [String] = []
        let scalars = Array(sanitized.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F:
                broken.append("control U+\(hex(scalar)) survived sanitizing \(input.debugDescription)")
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
                broken.append("bidi control U+\(hex(scalar)) survived sanitizing \(input.debugDescription)")
            case 0x200B, 0x200C, 0x2060...0x2064, 0xFEFF:
                broken.append("zero-width U+\(hex(scalar)) survived sanitizing \(input.debugDescription)")
            case 0x200D:
                // A joiner stays only between two non-ASCII scalars (the emoji it joins).
                let joins = index > 0 && index + 1 < scalars.count && !scalars[index - 1].isASCII && !scalars[index + 1].isASCII
                if !joins { broken.append("stray zero-width joiner survived sanitizing \(input.debugDescription)") }
            default: break
            }
        }
        let width = DisplayWidth.of(sanitized)
        let cells = sanitized.reduce(0) { $0 + DisplayWidth.of($1) }
        if width != cells { broken.append("display width \(width) is not the sum of its cells \(cells) for \(sanitized.debugDescription)") }
        return broken
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        String(scalar.value, radix: 16, uppercase: true)
    }
}
