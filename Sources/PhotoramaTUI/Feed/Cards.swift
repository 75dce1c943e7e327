import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// A text card: title, date, owner, and the size or views.
struct TextCard: View {
    let photo: Photo
    let text: CardText
    let selected: Bool
    let saved: Bool

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        let card = CardInterior(area, selected: selected, theme: theme, into: &frame)
        let (inner, base, textColumn, textWidth) = (card.inner, card.base, card.textColumn, card.textWidth)
        guard textWidth > 0 else { return }
        let lines = [
            GridView.titleLine(text, saved: saved),
            photo.taken.map { $0.formatted(granularity: photo.takenGranularity) } ?? "date unknown",
            text.owner.isEmpty ? "unknown owner" : text.owner,
            Self.detail(photo),
        ]
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            var style = offset == 0 ? (selected ? theme.selectedTitle : theme.cardTitle) : base
            if offset > 1 && !selected { style = theme.dim }
            frame.put(line, row: inner.row + offset, column: textColumn, maxWidth: textWidth, style: style)
        }
    }

    /// Dimensions when known, else views.
    static func detail(_ photo: Photo) -> String {
        if let dimensions = photo.largestDimensions { return "\(dimensions.width)×\(dimensions.height)" }
        if let views = photo.views { return NumberText.grouped(views) + (views == 1 ? " view" : " views") }
        return ""
    }
}

/// A thumbnail card: the picture (or its placeholder) on top, then the title and "owner · date".
struct ThumbnailCard: View {
    let photo: Photo
    let text: CardText
    let selected: Bool
    let saved: Bool

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        let card = CardInterior(area, selected: selected, theme: theme, into: &frame)
        let (inner, base, textColumn, textWidth) = (card.inner, card.base, card.textColumn, card.textWidth)
        let picture = context.layout.thumbnailRect(card: area)
        if context.imageDrawing != nil, !picture.isEmpty {
            PhotoPicture(photo: photo, preview: false, missing: "no image").draw(in: picture, context: context, into: &frame)
        }
        guard textWidth > 0 else { return }
        let titleRow = picture.isEmpty ? inner.row : picture.row + picture.height
        // The day is enough on a small card ("2024-05-02", "2004-11", "circa 2004").
        let date = photo.taken.map { String($0.formatted(granularity: photo.takenGranularity).prefix(10)) } ?? "date unknown"
        let owner = text.owner.isEmpty ? "unknown owner" : text.owner
        let lines = [
            (GridView.titleLine(text, saved: saved), selected ? theme.selectedTitle : theme.cardTitle),
            ("\(owner) · \(date)", selected ? base : theme.dim),
        ]
        for (offset, line) in lines.enumerated() where titleRow + offset < inner.row + inner.height {
            frame.put(line.0, row: titleRow + offset, column: textColumn, maxWidth: textWidth, style: line.1)
        }
    }
}

/// What every photo card has inside its area: the cells left of the gap between cards, filled in the
/// selection's colours when selected, and a text column one cell in from each side when there is room.
struct CardInterior {
    let inner: Rect
    /// The style of the card's plain text.
    let base: Style
    let textColumn: Int
    let textWidth: Int

    init(_ area: Rect, selected: Bool, theme: Theme, into frame: inout Frame) {
        inner = GridView.cardInner(area)
        base = selected ? theme.selected : Style.plain
        if selected { frame.fill(inner, style: base) }
        textColumn = Self.textColumn(inner)
        textWidth = inner.width > 2 ? inner.width - 2 : inner.width
    }
}

extension CardInterior {
    /// Where a card's text starts inside `inner`: one cell in when there is room (`--plain` puts the
    /// cursor there, on the title).
    static func textColumn(_ inner: Rect) -> Int { inner.column + (inner.width > 2 ? 1 : 0) }
}

/// The card after the last photo: "loading…" only while its page is really on its way, the retry hint
/// after a failure, "End of results" when there is nothing more.
struct TrailingCard: View {
    let feed: FeedModel
    let selected: Bool

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        let inner = GridView.cardInner(area)
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
        frame.put(
            text, row: inner.row, column: column, maxWidth: max(0, inner.width - (inner.width > 2 ? 2 : 0)),
            style: selected ? theme.selected : style)
    }
}
