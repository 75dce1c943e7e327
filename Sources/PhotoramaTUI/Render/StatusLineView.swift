import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The bottom line: spinner, source, "page 3 of 50 · 300 of 5,000 photos", the last error, and a hint.
struct StatusLineView: View {
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(in line: Rect, context: RenderContext, into frame: inout Frame) {
        guard !line.isEmpty else { return }
        let state = context.state
        let theme = context.theme
        let columns = line.width
        let wide = columns >= 80
        var column = 0
        if state.inFlight > 0 {
            let spinner = Self.spinnerFrames[context.spinnerPhase % Self.spinnerFrames.count]
            column += frame.put(
                spinner + " ", row: line.row, column: 0,
                maxWidth: columns, style: theme.spinner)
        }
        let error = state.visibleError.flatMap { $0.isUserVisible ? $0 : nil }
        var left = state.sourceLabel(for: state.tab) ?? ""
        // Narrow terminals drop the page counts when there is an error to show, and the source (the
        // header's tab says it) when there is not.
        if state.tab == .saved, state.saved.loaded {
            let count = state.saved.total
            left = "Saved · " + NumberText.grouped(count) + (count == 1 ? " photo" : " photos")
        } else if let feed = state.currentFeed, wide || error == nil {
            let progress = Self.progressText(feed.feed, wide: wide)
            if columns < 40, !progress.isEmpty { left = "" }
            if !progress.isEmpty { left += left.isEmpty ? progress : " · " + progress }
            if let cached = feed.cached { left += (left.isEmpty ? "" : " · ") + cached.label }
        }
        if let notice = state.notice, notice.wholeLine {
            // The answer to the last key takes the line's place until the next key: it is what the user is
            // looking for, and a URL in it needs the room.
            column += frame.put(
                Sanitizer.singleLine(notice.text), row: line.row, column: column,
                maxWidth: columns - column, style: notice.isError ? theme.error : theme.label)
            return
        }
        column += frame.put(left, row: line.row, column: column, maxWidth: columns - column)
        if let error {
            let start = column + (column > 0 ? 2 : 0)
            column =
                start
                + frame.put(
                    Sanitizer.singleLine(error.message), row: line.row, column: start,
                    maxWidth: columns - start, style: theme.error)
        }
        if let notice = state.notice {
            let start = column + (column > 0 ? 2 : 0)
            column =
                start
                + frame.put(
                    notice.text, row: line.row, column: start, maxWidth: max(0, columns - start),
                    style: notice.isError ? theme.error : theme.label)
        }
        // The download under way (or the last one's outcome), then the most useful keys that fit.
        let downloading = state.downloads.statusText
        var candidates = [Self.hintText(state, wide: true), Self.hintText(state, wide: false)]
        if !downloading.isEmpty {
            candidates = [downloading + "  " + candidates[0], downloading + "  " + candidates[1], downloading, candidates[1]]
        }
        for hint in candidates {
            let hintWidth = DisplayWidth.of(hint)
            if columns - column >= hintWidth + 2 {
                frame.put(hint, row: line.row, column: columns - hintWidth, maxWidth: hintWidth, style: theme.dim)
                break
            }
        }
    }

    /// "page 3 of 50 · 300 of 5,000 photos", or "p3/50 · 300/5,000" on narrow terminals.
    static func progressText(_ feed: FeedState, wide: Bool) -> String {
        guard feed.lastPage > 0 else { return feed.isLoading ? "loading…" : "" }
        let count = NumberText.grouped(feed.count)
        let pages = feed.pages.map { NumberText.grouped(max($0, feed.lastPage)) }
        let total = feed.total.map { NumberText.grouped(max($0, feed.count)) }
        if wide {
            let page = "page \(NumberText.grouped(feed.lastPage))" + (pages.map { " of \($0)" } ?? "")
            return page + " · \(count)" + (total.map { " of \($0)" } ?? "") + (feed.count == 1 && total == nil ? " photo" : " photos")
        }
        return "p\(feed.lastPage)" + (pages.map { "/\($0)" } ?? "") + " · \(count)" + (total.map { "/\($0)" } ?? "")
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
        if state.tab == .locations, !state.locations.showingPlace {
            if state.locations.editing { return wide ? "type a country  Enter photos  Esc keys" : "Esc keys" }
            return wide ? "\(k(.search)) country  Enter photos  \(helpQuit)" : helpQuit
        }
        if state.tab == .search, !state.backStack.isEmpty {
            return wide ? "Esc back  \(k(.owner)) owner  \(k(.open)) open  \(k(.copyURL)) copy  \(helpQuit)" : "Esc back  \(k(.help)) help"
        }
        return wide ? "\(k(.search)) search  Enter detail  \(k(.comments)) comments  \(helpQuit)" : helpQuit
    }
}
