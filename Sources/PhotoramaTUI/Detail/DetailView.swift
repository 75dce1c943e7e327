import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The selected photo's detail: a reserved image-preview area on top, then the text, scrolled on its own.
struct DetailView: View {
    let feed: FeedModel
    /// The top of `area` the picture takes (no height when images are off or the area is small).
    let preview: Rect
    /// The ★ and ♥ marks.
    let saved: SavedModel
    let favorites: FavoritesModel
    /// Its scroll and picked tag.
    let detail: DetailModel
    /// The licence names known so far.
    let licenses: LicensesModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = context.theme
        guard let photo = feed.selectedPhoto else {
            // The card after the last photo is selected: what its page is doing, as the grid says it.
            if feed.count > 0, let failure = feed.failureText {
                CenteredText(failure, style: theme.error).draw(in: area, context: context, into: &frame)
            } else {
                CenteredText(feed.count == 0 ? "" : "loading…", style: theme.dim).draw(in: area, context: context, into: &frame)
            }
            return
        }
        let textTop: Int
        if preview.height > 0 {
            if context.imageDrawing != nil {
                PhotoPicture(photo: photo, preview: true, missing: "no image").draw(in: preview, context: context, into: &frame)
            }
            textTop = preview.row + preview.height
        } else {
            textTop = area.row
        }
        let margin = area.width > 4 ? 1 : 0
        let width = area.width - 2 * margin
        let lines = DetailContent.lines(
            for: photo, width: width, saved: saved.isSaved(photo), favorite: favorites.isFavorite(photo),
            pickedTag: detail.tagIndex(for: photo), extras: detail.extras(for: photo, licenses: licenses))
        let height = area.row + area.height - textTop
        guard height > 0 else { return }
        let scroll = max(0, min(detail.scroll, lines.count - height))
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
            frame.put(
                line.text, row: textTop + offset, column: area.column + margin, maxWidth: width, style: style,
                link: line.link.map(CellLink.address))
            for highlight in line.highlights where highlight.column < width {
                frame.put(
                    highlight.text, row: textTop + offset, column: area.column + margin + highlight.column,
                    maxWidth: width - highlight.column, style: theme.selected)
            }
        }
    }
}
