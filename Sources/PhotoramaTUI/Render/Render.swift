import PhotoramaImages
import PhotoramaKit
import PhotoramaText

/// Draws the whole screen for a state. Pure, and O(visible): only the cards in view are drawn.
public func render(_ state: AppState) -> Frame {
    let layout = ScreenLayout(state)
    let theme = Theme(colors: state.configuration.colors, custom: state.configuration.themeColors)
    var frame = Frame(size: layout.size)
    guard layout.size.columns > 0, layout.size.rows > 0 else { return frame }

    if state.viewerOpen, let tab = state.currentFeedTab {
        ViewerView.draw(state.feed(for: tab), state, layout, theme, into: &frame)
        if let overlay = state.overlay {
            OverlayView.draw(overlay, state, layout.body, theme, into: &frame)
            frame.pictureCovers.append(layout.body)  // the overlay wins over every picture under it
        }
        return frame
    }
    HeaderView.draw(state, layout, theme, into: &frame)
    InputBarView.draw(state, layout, theme, into: &frame)
    if let overlay = state.overlay {
        OverlayView.draw(overlay, state, layout.body, theme, into: &frame)
    } else if let tab = state.currentFeedTab {
        let feed = state.feed(for: tab)
        if state.detailOpen, layout.pane.isEmpty {
            DetailView.draw(feed, state, area: layout.body, preview: layout.imagePreview, theme, into: &frame)
        } else {
            GridView.draw(feed, state, layout, theme, into: &frame)
            if !layout.pane.isEmpty {
                for row in layout.pane.row..<(layout.pane.row + layout.pane.height) {
                    frame.put("│", row: row, column: layout.pane.column - 1, maxWidth: 1, style: theme.border)
                }
                DetailView.draw(feed, state, area: layout.pane, preview: layout.imagePreview, theme, into: &frame)
            }
        }
    } else if state.tab == .locations {
        LocationsView.draw(state, layout.body, theme, into: &frame)
    } else if state.tab == .search {
        CenteredText.draw("Press / to search: words, or “lat, long [radius]”", in: layout.body, theme.dim, into: &frame)
    } else if let reason = state.saved.unavailable {
        CenteredText.draw(reason.message, in: layout.body, theme.error, into: &frame)
    } else if state.saved.hasMore {
        // Every photo read so far was unsaved, and the store has more: the next page is on its way.
        CenteredText.draw("loading…", in: layout.body, theme.dim, into: &frame)
    } else {
        CenteredText.draw("No saved photos yet", in: layout.body, theme.dim, into: &frame)
    }
    StatusLineView.draw(state, layout, theme, into: &frame)
    return frame
}

/// Where the terminal cursor belongs (after the text in the search bar or country field), if anywhere.
public func cursorPosition(_ state: AppState) -> (row: Int, column: Int)? {
    let layout = ScreenLayout(state)
    guard !layout.inputBar.isEmpty else { return nil }
    let editing = state.searchBar.focused
        || (state.overlay == nil && state.tab == .locations && !state.locations.showingPlace && state.locations.editing)
    guard editing else { return nil }
    let text = InputBarView.fieldText(state, columns: layout.size.columns)
    return (layout.inputBar.row, min(layout.size.columns - 1, DisplayWidth.of(text)))
}

/// One line in the middle of an area, truncated to fit.
enum CenteredText {
    static func draw(_ text: String, in area: Rect, _ style: Style, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let width = min(DisplayWidth.of(text), area.width)
        let row = area.row + (area.height - 1) / 2
        frame.put(text, row: row, column: area.column + (area.width - width) / 2, maxWidth: area.width, style: style)
    }
}

extension AppState {
    /// "Recent", "Search “cats”", "Near Paris" …, sanitized (search text is typed, place names come
    /// from a server).
    func sourceLabel(for tab: Tab) -> String? {
        switch tab {
        case .recent, .popular, .search:
            feed(for: tab).source.map { Sanitizer.singleLine(feed(for: tab).title ?? $0.label) }
        case .locations:
            locations.showingPlace ? place.source.map { Sanitizer.singleLine($0.label) } : "Library locations"
        case .saved: "Saved"
        }
    }
}
