import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The Locations tab's list: emoji, street address, city, country and opening hours.
struct LocationsView: View {
    let model: LocationsModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = context.theme
        let count = model.texts.count
        let heading: String
        if model.token != nil && !model.loaded {
            heading = "loading…"
        } else if let error = model.error {
            heading = error.message
        } else if count == 0 && model.loaded {
            let query = Sanitizer.singleLine(model.query)
            heading = query.isEmpty ? "No library locations" : "No library locations in “\(query)”"
        } else {
            heading = "\(NumberText.grouped(count)) library location\(count == 1 ? "" : "s") · Enter shows photos taken nearby"
        }
        frame.put(heading, row: area.row, column: 0, maxWidth: area.width, style: model.error != nil ? theme.error : theme.dim)
        let rows = area.height - 1
        guard rows > 0 else { return }
        for offset in 0..<rows {
            let index = model.scroll + offset
            guard index < count else { break }
            let text = model.texts[index]
            let row = area.row + 1 + offset
            let selected = index == model.selection
            let style = selected ? theme.selected : Style.plain
            if selected { frame.fill(Rect(row: row, column: area.column, width: area.width, height: 1), style: style) }
            let place = [text.address, text.city, text.country].filter { !$0.isEmpty }.joined(separator: ", ")
            var line = text.emoji.isEmpty ? place : text.emoji + " " + place
            if !text.hours.isEmpty { line += " · " + text.hours }
            frame.put(line, row: row, column: area.column + 1, maxWidth: area.width - 1, style: style)
        }
    }
}
