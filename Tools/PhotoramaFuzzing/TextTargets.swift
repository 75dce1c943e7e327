import PhotoramaKit
import PhotoramaTUI
import PhotoramaText

/// Text from outside: HTML descriptions, titles on their way to a frame, the search bar.
enum TextTargets {
    static let html = FuzzTarget(name: "html-text", summary: "HTML tag stripping and entity decoding (photo descriptions)") { bytes in
        let input = String(decoding: bytes, as: UTF8.self)
        let plain = HTMLText.plainText(input)
        return TextProperties.violations(ofSanitized: Sanitizer.sanitize(plain), from: plain)
    }

    static let terminalText = FuzzTarget(name: "terminal-text", summary: "the terminal-text sanitizer, display width and truncation") {
        bytes in
        let input = String(decoding: bytes, as: UTF8.self)
        let sanitized = Sanitizer.sanitize(input)
        var broken = TextProperties.violations(ofSanitized: sanitized, from: input)
        let line = Sanitizer.singleLine(input)
        if line.unicodeScalars.contains(where: { $0.value == 0x0A || $0.value == 0x0D }) {
            broken.append("a line break survived singleLine for \(input.debugDescription)")
        }
        // The first byte picks a width, so truncation is tried at every size from 0 to 255.
        let limit = Int(bytes.first ?? 0)
        let cut = TextLayout.truncate(sanitized, toWidth: limit)
        if DisplayWidth.of(cut) > limit {
            broken.append("truncating to \(limit) columns gave \(DisplayWidth.of(cut)): \(cut.debugDescription)")
        }
        return broken
    }

    static let searchQuery = FuzzTarget(name: "search-query", summary: "the search bar's query parser (text, coordinates, radius)") {
        bytes in
        let input = String(decoding: bytes, as: UTF8.self)
        guard case .success(let source) = SearchQuery.parse(input) else { return [] }
        switch source {
        case .geo(let latitude, let longitude, let radius):
            var broken: [String] = []
            if !(-90...90).contains(latitude) { broken.append("latitude \(latitude) accepted from \(input.debugDescription)") }
            if !(-180...180).contains(longitude) { broken.append("longitude \(longitude) accepted from \(input.debugDescription)") }
            if !(radius > 0 && radius <= InputValidation.maximumRadiusKm) {
                broken.append("radius \(radius) accepted from \(input.debugDescription)")
            }
            return broken
        case .search(let text):
            return text.trimmingCharacters(in: .whitespaces).isEmpty ? ["an empty search accepted from \(input.debugDescription)"] : []
        default:
            return []
        }
    }
}
