import PhotoramaImages
import PhotoramaText

/// The top line: the tabs, then the current source, its provider and "demo data" when the demo
/// server serves it.
enum HeaderView {
    static func draw(_ state: AppState, _ layout: ScreenLayout, _ theme: Theme, into frame: inout Frame) {
        guard !layout.header.isEmpty else { return }
        let header = HeaderLayout(columns: layout.size.columns)
        for label in header.labels {
            frame.put(
                label.text, row: 0, column: label.column, maxWidth: layout.size.columns - label.column,
                style: label.tab == state.tab ? theme.activeTab : theme.tab)
        }
        let start = header.width + 2
        let room = layout.size.columns - start
        guard room >= 8 else { return }
        var parts: [String] = []
        if let label = state.sourceLabel(for: state.tab) { parts.append(label) }
        let source = state.currentFeedTab.flatMap { state.feed(for: $0).source }
        if let source { parts.append(source.provider.displayName) }
        let demo = source.map { state.configuration.demoProviders.contains($0.provider) } ?? false
        let info = parts.joined(separator: " · ")
        let badge = demo ? (info.isEmpty ? "demo data" : " · demo data") : ""
        let badgeWidth = DisplayWidth.of(badge)
        let infoWidth = min(DisplayWidth.of(info), max(0, room - badgeWidth))
        let column = layout.size.columns - infoWidth - badgeWidth
        guard column >= start else { return }
        let used = frame.put(info, row: 0, column: column, maxWidth: infoWidth, style: theme.headerInfo)
        frame.put(badge, row: 0, column: column + used, maxWidth: badgeWidth, style: theme.demoBadge)
    }
}

/// The search bar, or the country field on the Locations tab, with its validation message.
enum InputBarView {
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

    static func draw(_ state: AppState, _ layout: ScreenLayout, _ theme: Theme, into frame: inout Frame) {
        let bar = layout.inputBar
        guard !bar.isEmpty else { return }
        let columns = bar.width
        let country = isCountry(state)
        let editing = country ? state.locations.editing : state.searchBar.focused
        let rawText = country ? state.locations.query : state.searchBar.text
        let text = Sanitizer.singleLine(rawText)
        var column = frame.put(prompt(state, columns: columns), row: bar.row, column: 0, maxWidth: columns, style: theme.label)
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
