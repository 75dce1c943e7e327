import PhotoramaKit
import PhotoramaScreen

// What each view is given, read from the state by `render`: the views themselves draw only these values.

extension InputBarView {
    /// The bar `state` shows, `columns` wide.
    init(_ state: AppState, columns: Int) {
        prompt = Self.prompt(state, columns: columns)
        country = Self.isCountry(state)
        typed = country ? state.locations.query : state.searchBar.text
        editing = country ? state.locations.editing : state.searchBar.focused
        error = country ? nil : state.searchBar.error
    }

    static func prompt(_ state: AppState, columns: Int) -> String {
        if state.tab == .locations, !state.locations.showingPhotos, !state.searchBar.focused {
            return columns >= 40 ? "Country: " : "Country:"
        }
        if state.searchBar.focused, state.searchBar.purpose == .gallery {
            return columns >= 40 ? "Gallery id or URL: " : "G:"
        }
        return columns >= 40 ? "Search: " : "/"
    }

    static func isCountry(_ state: AppState) -> Bool {
        state.tab == .locations && !state.locations.showingPhotos && !state.searchBar.focused
    }
}

extension StatusLineView {
    /// The status line `state` shows.
    init(_ state: AppState) {
        busy = state.inFlight > 0
        label = state.sourceLabel(for: state.tab) ?? ""
        savedCount = state.tab == .saved && state.saved.loaded ? state.saved.total : nil
        feed = state.currentFeed
        error = state.visibleError.flatMap { $0.isUserVisible ? $0 : nil }
        notice = state.notice
        downloading = state.downloads.statusText
        hints = (Self.hintItems(state, wide: true), Self.hintItems(state, wide: false))
    }

    /// The keys named here are the user's (`[keys]`): after `quit = "x"` the hint says "x quit".
    static func hintText(_ state: AppState, wide: Bool) -> String { hintItems(state, wide: wide).text }

    /// The hints of `hintText`, each with the key a click on it presses.
    static func hintItems(_ state: AppState, wide: Bool) -> StatusHints {
        let keyMap = state.configuration.keyMap
        func h(_ action: KeyAction, _ words: String) -> StatusHint {
            StatusHint(text: "\(KeyLabel.text(keyMap.key(for: action))) \(words)", key: keyMap.key(for: action))
        }
        func fixed(_ key: Key?, _ text: String) -> StatusHint { StatusHint(text: text, key: key) }
        let helpQuit = [h(.help, "help"), h(.quit, "quit")]
        let enterEsc = StatusHints([fixed(.enter, "Enter"), fixed(.escape, "Esc")], separator: " ")
        if state.palette.isOpen {
            return wide ? StatusHints([fixed(.enter, "Enter run"), fixed(.tab, "Tab complete"), fixed(.escape, "Esc leave")]) : enterEsc
        }
        if state.searchBar.focused, state.searchBar.purpose == .gallery {
            return wide ? StatusHints([fixed(.enter, "Enter open gallery"), fixed(.escape, "Esc leave")]) : enterEsc
        }
        if state.searchBar.focused {
            return wide ? StatusHints([fixed(.enter, "Enter search"), fixed(nil, "↑↓ history"), fixed(.escape, "Esc leave")]) : enterEsc
        }
        if state.overlay != nil {
            return StatusHints(wide ? [fixed(nil, "↑↓ scroll"), fixed(.escape, "Esc close")] : [fixed(.escape, "Esc")])
        }
        if state.detailOpen {
            let scroll = [keyMap.key(for: .detailDown), keyMap.key(for: .detailUp)].map(KeyLabel.text).joined(separator: " ")
            return StatusHints(wide ? [fixed(nil, "\(scroll) scroll"), fixed(.escape, "Esc back")] : [fixed(.escape, "Esc")])
        }
        // The country field takes every character, ? and q included, while it has the keyboard: say how to
        // leave it there, and what the keys do once it has let go (the soak typed "11111111q" into it).
        if state.tab == .locations, !state.locations.showingPhotos {
            if state.locations.editing {
                return StatusHints(
                    wide
                        ? [fixed(nil, "type a country"), fixed(.enter, "Enter photos"), fixed(.escape, "Esc keys")]
                        : [fixed(.escape, "Esc keys")])
            }
            return StatusHints(wide ? [h(.search, "country"), fixed(.enter, "Enter photos")] + helpQuit : helpQuit)
        }
        if state.tab == .search, !state.backStack.isEmpty {
            return StatusHints(
                wide
                    ? [fixed(.escape, "Esc back"), h(.owner, "owner"), h(.open, "open"), h(.copyURL, "copy")] + helpQuit
                    : [fixed(.escape, "Esc back"), h(.help, "help")])
        }
        return StatusHints(wide ? [h(.search, "search"), fixed(.enter, "Enter detail"), h(.comments, "comments")] + helpQuit : helpQuit)
    }
}

/// One hint of the status line ("/ search") and the key a click on it presses (nil: none, as for "↑↓ scroll").
struct StatusHint: Equatable {
    var text: String
    var key: Key?
}

/// The status line's hints, as drawn: joined by `separator`.
struct StatusHints: Equatable {
    var items: [StatusHint]
    var separator = "  "

    init(_ items: [StatusHint], separator: String = "  ") {
        self.items = items
        self.separator = separator
    }

    var text: String { items.map { $0.text }.joined(separator: separator) }
}

extension HeaderView {
    /// The header `state` shows.
    init(_ state: AppState) {
        tabs = state.shownTabs
        current = state.tab
        label = state.sourceLabel(for: state.tab)
        source = state.currentFeedTab.flatMap { state.feed(for: $0).source }
        demoProviders = state.configuration.demoProviders
    }
}

extension OverlayView {
    /// `overlay` as `state` shows it.
    init(_ state: AppState, _ overlay: Overlay) {
        self.init(overlay: overlay, keyMap: state.configuration.keyMap, networkLog: state.networkLog, downloads: state.downloads)
    }
}
