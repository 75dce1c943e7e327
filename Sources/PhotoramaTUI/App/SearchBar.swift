/// The search line: what is typed, whether it has the keyboard, its validation message and history.
public struct SearchBar: Sendable {
    /// What the line asks for: a search, or a gallery (`G`).
    public enum Purpose: Sendable { case search, gallery }

    public internal(set) var purpose = Purpose.search
    public internal(set) var text = ""
    public internal(set) var focused = false
    /// The validation message of the last submitted text, shown in place until the text changes.
    public internal(set) var error: String?
    /// Submitted searches, oldest first, without repeats.
    public internal(set) var history: [String] = []
    /// The history entry shown while Up/Down recall; nil while editing new text.
    var historyIndex: Int?
    /// The text being typed before recalling history, restored by Down past the newest entry.
    var draft = ""
    /// What the bar showed before `/` opened it empty; Esc puts it back.
    var beforeEditing = ""

    mutating func remember(_ query: String) {
        history.removeAll { $0 == query }
        history.append(query)
        if history.count > 100 { history.removeFirst(history.count - 100) }
    }
}
