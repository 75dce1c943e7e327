import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

/// The open palette over the body: its prompt with what is typed (or why Enter ran nothing), then the
/// matching commands with their keys, the chosen one highlighted and kept in view.
struct PaletteView: View {
    let palette: PaletteModel
    /// Each command's key, as the user's config maps it.
    let keyMap: KeyMap

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = context.theme
        frame.fill(area, style: .plain)
        var column = area.column + 1
        column += frame.put("Command: ", row: area.row, column: column, maxWidth: area.width - 1, style: theme.label)
        column += frame.put(
            Sanitizer.singleLine(palette.text), row: area.row, column: column, maxWidth: max(0, area.column + area.width - column - 1))
        frame.put(" ", row: area.row, column: column, maxWidth: 1, style: theme.cursor)
        if let error = palette.error {
            frame.put(error, row: area.row + 1, column: area.column + 1, maxWidth: area.width - 1, style: theme.error)
        }
        let top = area.row + (palette.error == nil ? 1 : 2)
        let rows = area.row + area.height - top
        guard rows > 0 else { return }
        let matches = palette.matches
        let first = max(0, palette.choice - rows + 1)
        let nameWidth = (matches.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2
        for (offset, command) in matches.dropFirst(first).prefix(rows).enumerated() {
            let row = top + offset
            let chosen = first + offset == palette.choice
            if chosen { frame.fill(Rect(row: row, column: area.column, width: area.width, height: 1), style: theme.selected) }
            frame.put(
                command.name, row: row, column: area.column + 1, maxWidth: area.width - 1, style: chosen ? theme.selectedTitle : theme.plain
            )
            frame.put(
                command.hint(keyMap), row: row, column: area.column + 1 + nameWidth, maxWidth: max(0, area.width - nameWidth - 1),
                style: chosen ? theme.selected : theme.dim)
        }
    }
}
