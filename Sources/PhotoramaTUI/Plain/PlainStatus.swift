import PhotoramaKit
import PhotoramaText

/// The status line of `--plain`: the state in one line of words, which changes with every change a key
/// or an answer makes, so a screen reader or a braille display reports each one.
enum PlainStatus {
    static func words(_ state: AppState) -> String {
        let place = place(state)
        if let notice = state.notice { return Sanitizer.singleLine(notice.text) + ". " + place }
        if let error = state.currentFeed?.feed.lastError { return place + ". " + Sanitizer.singleLine(error.message) }
        return place
    }

    /// Where the user is and what is selected.
    private static func place(_ state: AppState) -> String {
        if state.palette.isOpen { return "Command palette: \(quoted(state.palette.text)); Enter runs, Esc closes" }
        if let overlay = state.overlay { return overlayName(overlay) + " open; Esc closes" }
        let tab = state.tab.title
        guard let feed = state.currentFeed else { return "\(tab) tab" }
        let mode = state.viewerOpen ? "Viewer" : state.map != nil ? "Map" : state.detailOpen ? "Detail" : "\(tab) tab"
        if feed.count == 0 {
            return mode + (feed.feed.isLoading ? ", loading" : feed.feed.lastError == nil ? ", no photos" : "")
        }
        let loading = feed.feed.isLoading ? ", loading more" : ""
        guard let photo = feed.selectedPhoto else { return "\(mode), after the last photo\(loading)" }
        let text = CardText(photo)
        let title = text.title.isEmpty ? "Untitled" : text.title
        let owner = text.owner.isEmpty ? "" : " by \(text.owner)"
        let saved = state.saved.isSaved(photo) ? ", saved" : ""
        let count = NumberText.grouped(feed.count)
        return "\(mode), photo \(NumberText.grouped(feed.selection + 1)) of \(count)\(loading): \(title)\(owner)\(saved)"
    }

    private static func overlayName(_ overlay: Overlay) -> String {
        switch overlay {
        case .help: "Help"
        case .comments: "Comments"
        case .networkLog: "Network log"
        case .downloads: "Downloads"
        }
    }

    private static func quoted(_ text: String) -> String { "“" + Sanitizer.singleLine(text) + "”" }
}
