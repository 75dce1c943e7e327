import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

/// The search bar, or the country field on the Locations tab, with its validation message.
struct InputBarView: View {
    static func prompt(_ state: AppState, columns: Int) -> String {
        if state.tab == .locations, !state.locations.showingPlace, !state.searchBar.focused {
            return columns >= 40 ? "Country: " : "Country:"
        }
        if state.searchBar.focused, state.searchBar.purpose == .gallery {
            return columns >= 40 ? "Gallery id or URL: " : "G:"
        }
        return columns >= 40 ? "Search: " : "/"
    }

    /// The prompt and the typed text, up to where the cursor goes.
    static func fieldText(_ state: AppState, columns: Int) -> String {
        let text = isCountry(state) ? state.locations.query : state.searchBar.text
        return prompt(state, columns: columns) + Sanitizer.singleLine(text)
    }

    static func isCountry(_ state: AppState) -> Bool {
        state.tab == .locations && !state.locations.showingPlace && !state.searchBar.focused
    }

    func draw(in bar: Rect, context: RenderContext, into frame: inout Frame) {
        guard !bar.isEmpty else { return }
        let state = context.state
        let theme = context.theme
        let columns = bar.width
        let country = Self.isCountry(state)
        let editing = country ? state.locations.editing : state.searchBar.focused
        let rawText = country ? state.locations.query : state.searchBar.text
        let text = Sanitizer.singleLine(rawText)
        var column = frame.put(Self.prompt(state, columns: columns), row: bar.row, column: 0, maxWidth: columns, style: theme.label)
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
        if !country, let error = state.searchBar.error {
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
