import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The selected photo's detail: a reserved image-preview area on top, then the text, scrolled on its own.
struct DetailView: View {
    let feed: FeedModel
    /// The top of `area` the picture takes (no height when images are off or the area is small).
    let preview: Rect

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let state = context.state
        let theme = context.theme
        guard let photo = feed.selectedPhoto else {
            CenteredText(feed.count == 0 ? "" : "loading…", style: theme.dim).draw(in: area, context: context, into: &frame)
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
            for: photo, width: width, saved: state.saved.isSaved(photo), favorite: state.favorites.isFavorite(photo),
            pickedTag: state.pickedTagIndex, extras: state.detailExtras(for: photo))
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
}
