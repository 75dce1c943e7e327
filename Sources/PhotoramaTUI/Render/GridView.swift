import PhotoramaImages
import PhotoramaKit
import PhotoramaText

/// The cards in view, the "loading…" card where a page is on its way, and "End of results".
enum GridView {
    static func draw(_ feed: FeedModel, _ state: AppState, _ layout: ScreenLayout, _ theme: Theme, into frame: inout Frame) {
        let grid = layout.grid
        guard !grid.isEmpty else { return }
        let count = feed.count
        if count == 0 {
            drawEmpty(feed, grid, theme, into: &frame)
            return
        }
        let first = feed.scrollRow * layout.gridColumns
        let last = min(first + layout.gridColumns * layout.visibleRows, count + 1)
        for index in first..<max(first, last) {
            guard let rect = layout.cardRect(index: index, scrollRow: feed.scrollRow) else { continue }
            let selected = index == feed.selection
            if index < count, layout.showsThumbnails {
                drawThumbnailCard(
                    feed.feed.photos[index], feed.texts[index], rect, selected: selected, state, layout, theme, into: &frame)
            } else if index < count {
                let photo = feed.feed.photos[index]
                drawCard(photo, feed.texts[index], rect, selected: selected, saved: state.saved.isSaved(photo), theme, into: &frame)
            } else {
                drawTrailingCard(feed, rect, selected: selected, theme, into: &frame)
            }
        }
    }

    static func drawCard(
        _ photo: Photo, _ text: CardText, _ rect: Rect, selected: Bool, saved: Bool, _ theme: Theme, into frame: inout Frame
    ) {
        let inner = cardInner(rect)
        let base = selected ? theme.selected : Style.plain
        if selected { frame.fill(inner, style: base) }
        let textColumn = inner.column + (inner.width > 2 ? 1 : 0)
        let textWidth = inner.width > 2 ? inner.width - 2 : inner.width
        guard textWidth > 0 else { return }
        let lines = [
            titleLine(text, saved: saved),
            photo.taken.map { $0.formatted(granularity: photo.takenGranularity) } ?? "date unknown",
            text.owner.isEmpty ? "unknown owner" : text.owner,
            detail(photo),
        ]
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            var style = offset == 0 ? (selected ? theme.selectedTitle : theme.cardTitle) : base
            if offset > 1 && !selected { style = theme.dim }
            frame.put(line, row: inner.row + offset, column: textColumn, maxWidth: textWidth, style: style)
        }
    }

    /// A thumbnail card: the picture (or its placeholder) on top, then the title and "owner · date".
    static func drawThumbnailCard(
        _ photo: Photo, _ text: CardText, _ rect: Rect, selected: Bool, _ state: AppState, _ layout: ScreenLayout,
        _ theme: Theme, into frame: inout Frame
    ) {
        let inner = cardInner(rect)
        let base = selected ? theme.selected : Style.plain
        if selected { frame.fill(inner, style: base) }
        let picture = layout.thumbnailRect(card: rect)
        if state.configuration.images != nil, !picture.isEmpty {
            if let request = state.pictureRequest(photo, in: picture) {
                ImageView.draw(state.images.status(request), in: picture, theme, into: &frame)
            } else {
                ImageView.placeholder("no image", in: picture, theme, into: &frame)
            }
        }
        let textColumn = inner.column + (inner.width > 2 ? 1 : 0)
        let textWidth = inner.width > 2 ? inner.width - 2 : inner.width
        guard textWidth > 0 else { return }
        let titleRow = picture.isEmpty ? inner.row : picture.row + picture.height
        // The day is enough on a small card ("2024-05-02", "2004-11", "circa 2004").
        let date = photo.taken.map { String($0.formatted(granularity: photo.takenGranularity).prefix(10)) } ?? "date unknown"
        let owner = text.owner.isEmpty ? "unknown owner" : text.owner
        let lines = [(titleLine(text, saved: state.saved.isSaved(photo)), selected ? theme.selectedTitle : theme.cardTitle),
                     ("\(owner) · \(date)", selected ? base : theme.dim)]
        for (offset, line) in lines.enumerated() where titleRow + offset < inner.row + inner.height {
            frame.put(line.0, row: titleRow + offset, column: textColumn, maxWidth: textWidth, style: line.1)
        }
    }

    /// The card's title; a saved photo's starts with "★ " in every feed.
    static func titleLine(_ text: CardText, saved: Bool) -> String {
        (saved ? "★ " : "") + (text.title.isEmpty ? "Untitled" : text.title)
    }

    /// Dimensions when known, else views.
    static func detail(_ photo: Photo) -> String {
        if let dimensions = photo.largestDimensions { return "\(dimensions.width)×\(dimensions.height)" }
        if let views = photo.views { return NumberText.grouped(views) + (views == 1 ? " view" : " views") }
        return ""
    }

    /// The card after the last photo: "loading…" only while its page is really on its way, the retry
    /// hint after a failure, "End of results" when there is nothing more.
    static func drawTrailingCard(_ feed: FeedModel, _ rect: Rect, selected: Bool, _ theme: Theme, into frame: inout Frame) {
        let inner = cardInner(rect)
        let text: String
        let style: Style
        if feed.feed.lastError != nil {
            text = "failed: r retries"
            style = theme.error
        } else if feed.feed.isLoading || feed.pageToken != nil {
            text = "loading…"
            style = theme.dim
        } else if feed.feed.reachedEnd {
            text = "End of results"
            style = theme.dim
        } else {
            text = ""
            style = theme.dim
        }
        if selected { frame.fill(inner, style: theme.selected) }
        let column = inner.column + (inner.width > 2 ? 1 : 0)
        frame.put(text, row: inner.row, column: column, maxWidth: max(0, inner.width - (inner.width > 2 ? 2 : 0)),
            style: selected ? theme.selected : style)
    }

    /// A card leaves its last column empty as the gutter to the next one.
    static func cardInner(_ rect: Rect) -> Rect {
        Rect(row: rect.row, column: rect.column, width: rect.width > 1 ? rect.width - 1 : rect.width, height: rect.height)
    }

    static func drawEmpty(_ feed: FeedModel, _ grid: Rect, _ theme: Theme, into frame: inout Frame) {
        let text: String
        if let error = feed.feed.lastError {
            text = error.message + " (r retries)"
        } else if !feed.feed.reachedEnd {
            text = "loading…"
        } else if let query = feed.query {
            text = "No photos found for “\(Sanitizer.singleLine(query))”"
        } else {
            text = "No photos found"
        }
        CenteredText.draw(text, in: grid, feed.feed.lastError != nil ? theme.error : theme.dim, into: &frame)
    }
}
