import PhotoramaKit

/// The text of the detail pane for one photo, wrapped to a width: computed the same way for drawing
/// and for knowing how far the pane can scroll.
enum DetailContent {
    enum Kind { case title, field, body, link, blank }

    struct Line {
        var text: String
        var kind: Kind
    }

    static func lines(for photo: Photo, width: Int) -> [Line] {
        guard width > 0 else { return [] }
        var lines: [Line] = []
        func add(_ text: String, _ kind: Kind) {
            for line in TextLayout.wrap(text, width: width) { lines.append(Line(text: line, kind: kind)) }
        }
        let title = Sanitizer.singleLine(photo.title)
        add(title.isEmpty ? "Untitled" : title, .title)
        let owner = Sanitizer.singleLine(photo.owner)
        add("By: " + (owner.isEmpty ? "unknown" : owner), .field)
        if let taken = photo.taken {
            add("Taken: " + taken.formatted(granularity: photo.takenGranularity), .field)
        } else {
            add("Taken: unknown", .field)
        }
        if let dimensions = photo.largestDimensions {
            add("Size: \(dimensions.width)×\(dimensions.height)", .field)
        }
        if let views = photo.views { add("Views: " + NumberText.grouped(views), .field) }
        let tags = photo.tags.map(Sanitizer.singleLine).filter { !$0.isEmpty }
        if !tags.isEmpty { add("Tags: " + tags.joined(separator: ", "), .field) }
        if let location = photo.location {
            add("Location: \(coordinate(location.latitude)), \(coordinate(location.longitude))", .field)
        }
        let description = Sanitizer.singleLine(photo.description)
        if !description.isEmpty {
            lines.append(Line(text: "", kind: .blank))
            add(description, .body)
        }
        if let url = photo.pageURL {
            lines.append(Line(text: "", kind: .blank))
            // URLs have no spaces to wrap at: cut them every `width` columns.
            var rest = Sanitizer.singleLine(url.absoluteString)[...]
            while !rest.isEmpty {
                let piece = rest.prefix(width)
                lines.append(Line(text: String(piece), kind: .link))
                rest = rest.dropFirst(piece.count)
            }
        }
        return lines
    }

    static func coordinate(_ value: Double) -> String {
        var text = String(Double(Int((value * 10_000).rounded())) / 10_000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
