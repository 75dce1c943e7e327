/// The search line: what is typed, whether it has the keyboard, its validation message and history.
/// Its fields change only through the methods below, so the rules of the prompt (opens empty, Esc changes
/// nothing, Up and Down walk the history) live here and nowhere else.
public struct SearchBar: Sendable {
    /// What the line asks for: a search, or a gallery (`G`).
    public enum Purpose: Sendable { case search, gallery }

    public private(set) var purpose = Purpose.search
    public private(set) var text = ""
    public private(set) var focused = false
    /// The validation message of the last submitted text, shown in place until the text changes.
    public private(set) var error: String?
    /// Submitted searches, oldest first, without repeats.
    public private(set) var history: [String] = []
    /// The history entry shown while Up/Down recall; nil while editing new text.
    private(set) var historyIndex: Int?
    /// The text being typed before recalling history, restored by Down past the newest entry.
    private(set) var draft = ""
    /// What the bar showed before `/` opened it empty; Esc puts it back.
    private(set) var beforeEditing = ""

    // MARK: - Opening and leaving
    /// Opens the bar empty, as every search prompt does (vim, less): typing never appends to the last
    /// query, which is one Up away in the history. An open bar stays as it is.
    mutating func focus() {
        guard !focused else { return }
        beforeEditing = text
        text = ""
        draft = ""
        error = nil
        focused = true
        historyIndex = nil
        purpose = .search
    }

    /// `G`: the bar opens as `focus()` does and asks for a gallery id or address.
    mutating func focusForGallery() {
        focus()
        purpose = .gallery
    }

    /// Esc, or a gallery opened: the bar lets go and shows again what it showed before, asking for a search.
    mutating func leave() {
        focused = false
        text = beforeEditing
        error = nil
        historyIndex = nil
        purpose = .search
    }

    /// A click elsewhere: the bar lets go of the keyboard and keeps its search text. A gallery prompt is
    /// given up as Esc gives it up: its half-typed id is no search, and the next `/` must ask for a search.
    mutating func unfocus() {
        if purpose == .gallery {
            leave()
        } else {
            focused = false
        }
    }

    /// A valid search was submitted: it joins the history and the bar lets go, its text kept.
    mutating func submitted(_ query: String) {
        remember(query)
        focused = false
        error = nil
        historyIndex = nil
    }

    /// The submitted text is not valid: the message shows beside it until the text changes.
    mutating func reject(_ message: String) {
        error = message
    }

    /// The bar shows a feed's text without editing it (a followed feed, Esc back, `browse --text`).
    mutating func show(_ shown: String) {
        text = shown
    }

    // MARK: - Editing
    mutating func type(_ character: Character) {
        text.append(character)
        error = nil
        historyIndex = nil
    }

    mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        error = nil
        historyIndex = nil
    }

    /// Ctrl-U: the text goes, the place in the history stays.
    mutating func clear() {
        text = ""
        error = nil
    }

    // MARK: - History
    /// Up: the previous search (the newest one first, keeping what was typed for Down to bring back).
    mutating func recallOlder() {
        guard !history.isEmpty else { return }
        let index: Int
        if let current = historyIndex {
            index = max(0, current - 1)
        } else {
            draft = text
            index = history.count - 1
        }
        historyIndex = index
        text = history[index]
        error = nil
    }

    /// Down: the next search, and past the newest the text that was being typed.
    mutating func recallNewer() {
        guard let current = historyIndex else { return }
        if current + 1 < history.count {
            historyIndex = current + 1
            text = history[current + 1]
        } else {
            historyIndex = nil
            text = draft
        }
        error = nil
    }

    /// Keeps the last 100 searches, each once, the newest last.
    mutating func remember(_ query: String) {
        history.removeAll { $0 == query }
        history.append(query)
        if history.count > 100 { history.removeFirst(history.count - 100) }
    }
}
