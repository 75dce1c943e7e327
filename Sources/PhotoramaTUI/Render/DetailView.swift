import PhotoramaImages
import PhotoramaKit
import PhotoramaText

/// The selected photo's detail: a reserved image-preview area on top, then the text, scrolled on its own.
enum DetailView {
    static func draw(
        _ feed: FeedModel, _ state: AppState, area: Rect, preview: Rect, _ theme: Theme, into frame: inout Frame
    ) {
        guard !area.isEmpty else { return }
        guard let photo = feed.selectedPhoto else {
            CenteredText.draw(feed.count == 0 ? "" : "loading…", in: area, theme.dim, into: &frame)
            return
        }
        let textTop: Int
        if preview.height > 0 {
            drawPreview(photo, state, preview, theme, into: &frame)
            textTop = preview.row + preview.height
        } else {
            textTop = area.row
        }
        let margin = area.width > 4 ? 1 : 0
        let width = area.width - 2 * margin
        let lines = DetailContent.lines(
            for: photo, width: width, saved: state.saved.isSaved(photo), pickedTag: state.pickedTagIndex)
        let height = area.row + area.height - textTop
        guard height > 0 else { return }
        let scroll = max(0, min(state.detailScroll, lines.count - height))
        for (offset, line) in lines.dropFirst(scroll).prefix(height).enumerated() {
            let style: Style =
                switch line.kind {
                case .title: theme.bold
                case .field: .plain
                case .body: .plain
                case .link: theme.label
                case .blank: .plain
                case .hint: theme.dim
                }
            frame.put(line.text, row: textTop + offset, column: area.column + margin, maxWidth: width, style: style)
            for highlight in line.highlights where highlight.column < width {
                frame.put(
                    highlight.text, row: textTop + offset, column: area.column + margin + highlight.column,
                    maxWidth: width - highlight.column, style: theme.selected)
            }
        }
    }

    /// The selected photo in its preview area: the picture when it is here, else a placeholder.
    static func drawPreview(_ photo: Photo, _ state: AppState, _ rect: Rect, _ theme: Theme, into frame: inout Frame) {
        guard state.configuration.images != nil else { return }
        if let request = state.pictureRequest(photo, in: rect, preview: true) {
            ImageView.draw(state.images.status(request), in: rect, theme, into: &frame)
        } else {
            ImageView.placeholder("no image", in: rect, theme, into: &frame)
        }
    }
}

/// The Locations tab's list: emoji, street address, city, country and opening hours.
enum LocationsView {
    static func draw(_ state: AppState, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let model = state.locations
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
