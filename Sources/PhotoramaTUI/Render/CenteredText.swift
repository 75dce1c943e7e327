import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

/// One line in the middle of an area, truncated to fit.
struct CenteredText: View {
    let text: String
    let style: Style

    init(_ text: String, style: Style) {
        self.text = text
        self.style = style
    }

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let width = min(DisplayWidth.of(text), area.width)
        let row = area.row + (area.height - 1) / 2
        frame.put(text, row: row, column: area.column + (area.width - width) / 2, maxWidth: area.width, style: style)
    }
}
