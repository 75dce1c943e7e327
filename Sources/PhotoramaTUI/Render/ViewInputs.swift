import PhotoramaKit

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
        hints = (Self.hintText(state, wide: true), Self.hintText(state, wide: false))
    }

    /// The keys named here are the user's (`[keys]`): after `quit = "x"` the hint says "x quit".
    static func hintText(_ state: AppState, wide: Bool) -> String {
        func k(_ actions: KeyAction...) -> String {
            actions.map { KeyLabel.text(state.configuration.keyMap.key(for: $0)) }.joined(separator: " ")
        }
        let helpQuit = "\(k(.help)) help  \(k(.quit)) quit"
        if state.palette.isOpen { return wide ? "Enter run  Tab complete  Esc leave" : "Enter Esc" }
        if state.searchBar.focused, state.searchBar.purpose == .gallery { return wide ? "Enter open gallery  Esc leave" : "Enter Esc" }
        if state.searchBar.focused { return wide ? "Enter search  ↑↓ history  Esc leave" : "Enter Esc" }
        if state.overlay != nil { return wide ? "↑↓ scroll  Esc close" : "Esc" }
        if state.detailOpen { return wide ? "\(k(.detailDown, .detailUp)) scroll  Esc back" : "Esc" }
        // The country field takes every character, ? and q included, while it has the keyboard: say how to
        // leave it there, and what the keys do once it has let go (the soak typed "11111111q" into it).
        if state.tab == .locations, !state.locations.showingPhotos {
            if state.locations.editing { return wide ? "type a country  Enter photos  Esc keys" : "Esc keys" }
            return wide ? "\(k(.search)) country  Enter photos  \(helpQuit)" : helpQuit
        }
        if state.tab == .search, !state.backStack.isEmpty {
            return wide ? "Esc back  \(k(.owner)) owner  \(k(.open)) open  \(k(.copyURL)) copy  \(helpQuit)" : "Esc back  \(k(.help)) help"
        }
        return wide ? "\(k(.search)) search  Enter detail  \(k(.comments)) comments  \(helpQuit)" : helpQuit
    }
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
