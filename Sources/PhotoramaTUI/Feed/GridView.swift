import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The cards in view, the "loading…" card where a page is on its way, and "End of results". Drawn in
/// the layout's grid: the cards go where `ScreenLayout.cardRect` puts them, as a click finds them.
struct GridView: View {
    let feed: FeedModel
    /// The ★ and ♥ marks.
    let saved: SavedModel
    let favorites: FavoritesModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let layout = context.layout
        let count = feed.count
        if count == 0 {
            emptyMessage(context.theme).draw(in: area, context: context, into: &frame)
            return
        }
        let first = feed.scrollRow * layout.gridColumns
        let last = min(first + layout.cardsPerScreen, count + 1)
        for index in first..<max(first, last) {
            guard let rect = layout.cardRect(index: index, scrollRow: feed.scrollRow) else { continue }
            let selected = index == feed.selection
            if index < count {
                let photo = feed.feed.photos[index]
                let saved = saved.isSaved(photo)
                var text = feed.texts[index]
                if favorites.isFavorite(photo) { text.title = "♥ " + (text.title.isEmpty ? "Untitled" : text.title) }
                if layout.showsThumbnails {
                    ThumbnailCard(photo: photo, text: text, selected: selected, saved: saved)
                        .draw(in: rect, context: context, into: &frame)
                } else {
                    TextCard(photo: photo, text: text, selected: selected, saved: saved)
                        .draw(in: rect, context: context, into: &frame)
                }
            } else {
                TrailingCard(feed: feed, selected: selected).draw(in: rect, context: context, into: &frame)
            }
        }
    }

    /// An empty feed: why, in the middle of the grid.
    private func emptyMessage(_ theme: Theme) -> CenteredText {
        let text: String
        if let failure = feed.failureText {
            text = failure
        } else if !feed.feed.reachedEnd {
            text = "loading…"
        } else if let query = feed.query {
            text = "No photos found for “\(Sanitizer.singleLine(query))”"
        } else {
            text = "No photos found"
        }
        return CenteredText(text, style: feed.feed.lastError != nil ? theme.error : theme.dim)
    }

    /// A card leaves its last column empty as the gutter to the next one.
    static func cardInner(_ rect: Rect) -> Rect {
        Rect(row: rect.row, column: rect.column, width: rect.width > 1 ? rect.width - 1 : rect.width, height: rect.height)
    }

    /// The card's title; a saved photo's starts with "★ " in every feed.
    static func titleLine(_ text: CardText, saved: Bool) -> String {
        (saved ? "★ " : "") + (text.title.isEmpty ? "Untitled" : text.title)
    }
}
