import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// A photo's comments from the `scroll`th: author, date, the wrapped text; then "loading…", the error or
/// "No comments" where the list ends.
struct CommentsOverlay: View {
    let model: CommentsModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        let total = model.total.map { " of " + NumberText.grouped($0) } ?? ""
        OverlayTitle("Comments on “\(model.title)” · \(model.comments.count)\(total) · Esc closes")
            .draw(in: area, context: context, into: &frame)
        let bottom = area.row + area.height
        var row = area.row + 1
        let width = max(1, area.width - 2)
        var index = model.scroll
        while row < bottom, index < model.texts.count {
            let comment = model.texts[index]
            let used = frame.put(
                comment.author.isEmpty ? "unknown" : comment.author, row: row, column: area.column + 1,
                maxWidth: width, style: theme.bold)
            if !comment.date.isEmpty {
                frame.put("  " + comment.date, row: row, column: area.column + 1 + used, maxWidth: width - used, style: theme.dim)
            }
            row += 1
            for line in TextLayout.wrap(comment.text, width: width) where row < bottom {
                frame.put(line, row: row, column: area.column + 1, maxWidth: width)
                row += 1
            }
            row += 1
            index += 1
        }
        guard row < bottom else { return }
        if let error = model.error {
            frame.put(error.message + " (Esc, then c retries)", row: row, column: area.column + 1, maxWidth: width, style: theme.error)
        } else if model.token != nil {
            frame.put("loading…", row: row, column: area.column + 1, maxWidth: width, style: theme.dim)
        } else if model.comments.isEmpty {
            frame.put("No comments", row: row, column: area.column + 1, maxWidth: width, style: theme.dim)
        }
    }
}
