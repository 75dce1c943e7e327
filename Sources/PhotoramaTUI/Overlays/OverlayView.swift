import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// Help, comments, downloads and the network log, drawn over the body of the screen: the area is cleared,
/// its first row is the overlay's title.
struct OverlayView: View {
    let overlay: Overlay
    /// The keys the help lists.
    let keyMap: KeyMap
    let networkLog: [RequestLogEntry]
    let downloads: DownloadsModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        frame.fill(area, style: .plain)
        switch overlay {
        case .help(let scroll):
            HelpOverlay(keyMap: keyMap, scroll: scroll).draw(in: area, context: context, into: &frame)
        case .networkLog(let scroll):
            NetworkLogOverlay(entries: networkLog, scroll: scroll).draw(in: area, context: context, into: &frame)
        case .comments(let model):
            CommentsOverlay(model: model).draw(in: area, context: context, into: &frame)
        case .downloads(let scroll):
            DownloadsOverlay(model: downloads, scroll: scroll).draw(in: area, context: context, into: &frame)
        }
    }
}

/// An overlay's title, on the first row of its area.
struct OverlayTitle: View {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        frame.put(text, row: area.row, column: area.column + 1, maxWidth: area.width - 1, style: context.theme.overlayTitle)
    }
}

/// The key bindings as the user's `[keys]` make them, grouped and word-wrapped (`HelpLines`), from the
/// `scroll`th line.
struct HelpOverlay: View {
    let keyMap: KeyMap
    let scroll: Int

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        OverlayTitle("Keys · Esc closes").draw(in: area, context: context, into: &frame)
        let contentTop = area.row + 1
        let rows = area.height - 1
        let keyWidth = HelpLines.keyWidth(area.width)
        for (offset, line) in HelpLines.lines(for: keyMap, width: area.width).dropFirst(scroll).prefix(max(0, rows)).enumerated() {
            let row = contentTop + offset
            if line.isTitle {
                frame.put(line.text, row: row, column: area.column + 1, maxWidth: area.width - 1, style: theme.overlayTitle)
                continue
            }
            frame.put(line.keys, row: row, column: area.column + 1, maxWidth: keyWidth - 1, style: theme.label)
            frame.put(line.text, row: row, column: area.column + keyWidth + 1, maxWidth: area.width - keyWidth - 1)
        }
    }
}
