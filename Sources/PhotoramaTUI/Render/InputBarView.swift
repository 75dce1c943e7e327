import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

/// The search bar, or the country field on the Locations tab, with its validation message.
struct InputBarView: View {
    /// "Search: ", "Country: " or "Gallery id or URL: " (`prompt`).
    let prompt: String
    /// What was typed, unsanitized.
    let typed: String
    /// The country field rather than the search bar.
    let country: Bool
    /// The field has the keyboard: a cursor shows.
    let editing: Bool
    /// Why the search bar refused what was typed.
    let error: String?

    func draw(in bar: Rect, context: RenderContext, into frame: inout Frame) {
        guard !bar.isEmpty else { return }
        let theme = context.theme
        let columns = bar.width
        let text = Sanitizer.singleLine(typed)
        var column = frame.put(prompt, row: bar.row, column: 0, maxWidth: columns, style: theme.label)
        if !editing && text.isEmpty {
            let hint = country ? "/ to type a country" : "/ to search words or “lat, long [radius]”"
            frame.put(hint, row: bar.row, column: column, maxWidth: columns - column, style: theme.dim)
            return
        }
        // Long input scrolls left so its end and the cursor stay in view.
        let room = columns - column - (editing ? 1 : 0)
        var shown = text
        if DisplayWidth.of(shown) > room, room > 1 {
            while DisplayWidth.of(shown) > room - 1, !shown.isEmpty { shown.removeFirst() }
            shown = "…" + shown
        }
        column += frame.put(shown, row: bar.row, column: column, maxWidth: max(0, room), style: .plain)
        if editing, column < columns {
            frame.put(" ", row: bar.row, column: column, maxWidth: 1, style: theme.cursor)
            column += 1
        }
        if let error {
            let start = column + 2
            if columns - start >= DisplayWidth.of(error) {
                frame.put(error, row: bar.row, column: start, maxWidth: columns - start, style: theme.error)
            } else {
                // No room beside the text: the message replaces it.
                frame.fill(Rect(row: bar.row, column: 0, width: columns, height: 1), style: .plain)
                frame.put(error, row: bar.row, column: 0, maxWidth: columns, style: theme.error)
            }
        }
    }
}
