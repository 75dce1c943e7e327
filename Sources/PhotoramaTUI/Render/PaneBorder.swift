import PhotoramaImages
import PhotoramaScreen

/// The vertical line between the grid and the detail pane, one column wide.
struct PaneBorder: View {
    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        for row in area.row..<(area.row + area.height) {
            frame.put("│", row: row, column: area.column, maxWidth: 1, style: context.theme.border)
        }
    }
}
