import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// Newest first: "↓ title  42% 3.1/7.4 MB 12.5 MB/s", "✓ title  /path/to/file.jpg", "✗ title  reason".
struct DownloadsOverlay: View {
    let model: DownloadsModel
    let scroll: Int

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        let active = model.active.count
        OverlayTitle("Downloads · \(active) active · \(model.finishedCount) finished · \(model.failedCount) failed · Esc closes")
            .draw(in: area, context: context, into: &frame)
        let rows = area.height - 1
        guard rows > 0 else { return }
        if model.entries.isEmpty {
            frame.put(
                "No downloads yet: d downloads the selected photo", row: area.row + 1, column: area.column + 1,
                maxWidth: area.width - 1, style: theme.dim)
            return
        }
        for offset in 0..<rows {
            let index = model.entries.count - 1 - scroll - offset
            guard index >= 0 else { break }
            let entry = model.entries[index]
            let line: String
            var style = Style.plain
            switch entry.status {
            case .active(let progress): line = "↓ \(entry.title)  \(progress?.text ?? "starting…")"
            case .finished(let path): line = "✓ \(entry.title)  \(Sanitizer.singleLine(path))"
            case .failed(let reason):
                line = "✗ \(entry.title)  \(Sanitizer.singleLine(reason))"
                style = theme.error
            }
            frame.put(line, row: area.row + 1 + offset, column: area.column + 1, maxWidth: area.width - 1, style: style)
        }
    }
}
