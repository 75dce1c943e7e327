import PhotoramaKit
import PhotoramaText

/// The text of the detail pane for one photo, wrapped to a width: computed the same way for drawing
/// and for knowing how far the pane can scroll.
enum DetailContent {
    enum Kind { case title, field, body, link, blank, hint }

    /// A part of a line drawn highlighted: the picked tag.
    struct Highlight: Equatable {
        var column: Int
        var text: String
    }

    struct Line {
        var text: String
        var kind: Kind
        var highlights: [Highlight] = []
        /// The address the line links to (the photo's page, the owner's, the licence's): an OSC 8 link
        /// where the terminal takes them, and a click opens it. Only a valid target (`Hyperlink.target`).
        var link: String?
    }

    /// The tags as the detail lists them (sanitized, blanks dropped); `[` `]` pick among these.
    static func shownTags(_ photo: Photo) -> [String] {
        photo.tags.map(Sanitizer.singleLine).filter { !$0.isEmpty }
    }

    /// What the detail shows beyond the photo's own fields: its licence's name and, after `e`, its EXIF.
    struct Extras {
        var license: String?
        var exif: DetailExif?
        /// The address of the licence's text, when known.
        var licenseAddress: String?
    }

    /// A saved photo's title starts with "★ ", a Flickr favourite's with "♥ ", as its card's does.
    static func lines(
        for photo: Photo, width: Int, saved: Bool = false, favorite: Bool = false, pickedTag: Int? = nil, extras: Extras = Extras()
    ) -> [Line] {
        guard width > 0 else { return [] }
        var lines: [Line] = []
        func add(_ text: String, _ kind: Kind, link: String? = nil) {
            let target = link.flatMap(Hyperlink.target)
            for line in TextLayout.wrap(text, width: width) { lines.append(Line(text: line, kind: kind, link: target)) }
        }
        let title = Sanitizer.singleLine(photo.title)
        add((saved ? "★ " : "") + (favorite ? "♥ " : "") + (title.isEmpty ? "Untitled" : title), .title)
        let owner = Sanitizer.singleLine(photo.owner)
        add("By: " + (owner.isEmpty ? "unknown" : owner), .field, link: photo.ownerPageURL?.absoluteString)
        if let taken = photo.taken {
            add("Taken: " + taken.formatted(granularity: photo.takenGranularity), .field)
        } else {
            add("Taken: unknown", .field)
        }
        if let dimensions = photo.largestDimensions {
            add("Size: \(dimensions.width)×\(dimensions.height)", .field)
        }
        if let views = photo.views { add("Views: " + NumberText.grouped(views), .field) }
        if let license = extras.license ?? photo.licenseTag?.name {
            add("Licence: " + Sanitizer.singleLine(license), .field, link: extras.licenseAddress ?? photo.licenseTag?.address)
        }
        let tags = shownTags(photo)
        if !tags.isEmpty {
            let first = lines.count
            add("Tags: " + tags.joined(separator: ", "), .field)
            if let pickedTag, pickedTag < tags.count {
                for highlight in tagHighlights(tags, picked: pickedTag, width: width) where first + highlight.line < lines.count {
                    lines[first + highlight.line].highlights.append(highlight.part)
                }
                add("Enter searches “\(tags[pickedTag])”, Esc cancels", .hint)
            } else {
                add("[ ] pick a tag, Enter searches it", .hint)
            }
        }
        if let location = photo.location {
            add("Location: \(coordinate(location.latitude)), \(coordinate(location.longitude))", .field)
        }
        if let exif = extras.exif, exif.photo == photo.key {
            // Values come from the server: each line passes the sanitizer like every other field.
            for line in exif.lines { add(Sanitizer.singleLine(line), .field) }
        }
        let description = Sanitizer.singleLine(photo.description)
        if !description.isEmpty {
            lines.append(Line(text: "", kind: .blank))
            add(description, .body)
        }
        if let url = photo.pageURL {
            lines.append(Line(text: "", kind: .blank))
            // URLs have no spaces to wrap at: cut them every `width` columns.
            let address = Sanitizer.singleLine(url.absoluteString)
            var rest = address[...]
            while !rest.isEmpty {
                let piece = rest.prefix(width)
                lines.append(Line(text: String(piece), kind: .link, link: Hyperlink.target(address)))
                rest = rest.dropFirst(piece.count)
            }
        }
        return lines
    }

    /// Where the words of tag `picked` land when "Tags: a, b, c" is wrapped as `TextLayout.wrap` wraps it
    /// (words joined by one space, a word that does not fit starts a line). A word wider than the line is
    /// broken by `wrap` between clusters: such a tag is not highlighted rather than highlighted wrongly.
    static func tagHighlights(_ tags: [String], picked: Int, width: Int) -> [(line: Int, part: Highlight)] {
        var result: [(line: Int, part: Highlight)] = []
        var line = 0
        var lineWidth = 0
        var words: [(text: String, tag: Int?, comma: Bool)] = [("Tags:", nil, false)]
        for (index, tag) in tags.enumerated() {
            let parts = tag.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            for (offset, part) in parts.enumerated() {
                let comma = offset == parts.count - 1 && index < tags.count - 1
                words.append((comma ? part + "," : part, index, comma))
            }
        }
        for word in words {
            let wordWidth = DisplayWidth.of(word.text)
            if wordWidth > width { return [] }
            var column = lineWidth == 0 ? 0 : lineWidth + 1
            if column + wordWidth > width, lineWidth > 0 {
                line += 1
                column = 0
            }
            lineWidth = column + wordWidth
            if word.tag == picked {
                let text = word.comma ? String(word.text.dropLast()) : word.text
                // Words of one tag on one line are one highlight, the space between them included.
                if let last = result.last, last.line == line {
                    result[result.count - 1].part.text += " " + text
                } else {
                    result.append((line, Highlight(column: column, text: text)))
                }
            }
        }
        return result
    }

    static func coordinate(_ value: Double) -> String {
        var text = String(Double(Int((value * 10_000).rounded())) / 10_000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
