import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The picture of a photo in an area, as `wantedImages` asked for it: drawn when it is here, "loading…" or
/// the reason it failed while not, and `missing` in a placeholder when the photo has no picture for it.
struct PhotoPicture: View {
    let photo: Photo
    /// The detail pane and the viewer draw a downloaded photo from its file.
    let preview: Bool
    let missing: String

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        switch context.picture(of: photo, in: area, preview: preview) {
        case .wanted(let status): ImageView(status: status).draw(in: area, context: context, into: &frame)
        case .missing: ImagePlaceholder(text: missing).draw(in: area, context: context, into: &frame)
        }
    }
}

/// Draws a wanted picture in its area: the cells centred when ready, otherwise a dim frame with
/// "loading…" or the reason it cannot be shown.
struct ImageView: View {
    let status: ImageStatus?

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        switch status {
        case .ready(.pixels(let picture)):
            let rect = Rect(
                row: area.row + max(0, (area.height - picture.rows) / 2),
                column: area.column + max(0, (area.width - picture.columns) / 2),
                width: min(picture.columns, area.width), height: min(picture.rows, area.height))
            frame.fill(rect, style: .plain)
            frame.pictures.append(FramePicture(rect: rect, picture: picture))
        case .ready(.cells(let image)):
            let top = area.row + max(0, (area.height - image.rows) / 2)
            let left = area.column + max(0, (area.width - image.columns) / 2)
            for row in 0..<min(image.rows, area.height) {
                for column in 0..<min(image.columns, area.width) {
                    let cell = image[row, column]
                    frame.putCell(
                        String(cell.character), row: top + row, column: left + column,
                        style: Style(cell))
                }
            }
        case .failed(let reason):
            ImagePlaceholder(text: Sanitizer.singleLine(reason)).draw(in: area, context: context, into: &frame)
        case .loading, nil:
            ImagePlaceholder(text: "loading…").draw(in: area, context: context, into: &frame)
        }
    }
}

/// A dim frame with one line of text in the middle (the text alone when the area is too small).
struct ImagePlaceholder: View {
    let text: String

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        guard area.width >= 4, area.height >= 3 else {
            CenteredText(text, style: theme.dim).draw(in: area, context: context, into: &frame)
            return
        }
        let bar = String(repeating: "─", count: area.width - 2)
        let bottom = area.row + area.height - 1
        frame.put("┌" + bar + "┐", row: area.row, column: area.column, maxWidth: area.width, style: theme.border)
        frame.put("└" + bar + "┘", row: bottom, column: area.column, maxWidth: area.width, style: theme.border)
        for row in (area.row + 1)..<bottom {
            frame.put("│", row: row, column: area.column, maxWidth: 1, style: theme.border)
            frame.put("│", row: row, column: area.column + area.width - 1, maxWidth: 1, style: theme.border)
        }
        let inner = Rect(row: area.row + 1, column: area.column + 1, width: area.width - 2, height: area.height - 2)
        CenteredText(text, style: theme.dim).draw(in: inner, context: context, into: &frame)
    }
}
