import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The bottom line: spinner, source, "page 3 of 50 · 300 of 5,000 photos", the last error, and a hint.
struct StatusLineView: View {
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Requests are in flight: the spinner turns.
    let busy: Bool
    /// The current tab's source (`AppState.sourceLabel`).
    let label: String
    /// The Saved tab's count, once read.
    let savedCount: Int?
    /// The feed on screen, for its page counts and where it came from.
    let feed: FeedModel?
    /// The current screen's last failure, when the user should see it.
    let error: PhotoramaError?
    let notice: Notice?
    /// The download under way, or the last one's outcome.
    let downloading: String
    /// The most useful keys, for a wide and a narrow line (`hintText`).
    let hints: (wide: StatusHints, narrow: StatusHints)

    func draw(in line: Rect, context: RenderContext, into frame: inout Frame) {
        guard !line.isEmpty else { return }
        let theme = context.theme
        let columns = line.width
        let wide = columns >= 80
        var column = 0
        if busy {
            let spinner = Self.spinnerFrames[context.spinnerPhase % Self.spinnerFrames.count]
            column += frame.put(
                spinner + " ", row: line.row, column: 0,
                maxWidth: columns, style: theme.spinner)
        }
        var left = label
        // Narrow terminals drop the page counts when there is an error to show, and the source (the
        // header's tab says it) when there is not.
        if let count = savedCount {
            left = "Saved · " + NumberText.grouped(count) + (count == 1 ? " photo" : " photos")
        } else if let feed, wide || error == nil {
            let progress = Self.progressText(feed.feed, wide: wide)
            if columns < 40, !progress.isEmpty { left = "" }
            if !progress.isEmpty { left += left.isEmpty ? progress : " · " + progress }
            if let cached = feed.cached { left += (left.isEmpty ? "" : " · ") + cached.label }
        }
        if let notice, notice.wholeLine {
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
        if let notice {
            let start = column + (column > 0 ? 2 : 0)
            column =
                start
                + frame.put(
                    notice.text, row: line.row, column: start, maxWidth: max(0, columns - start),
                    style: notice.isError ? theme.error : theme.label)
        }
        // The download under way (or the last one's outcome), then the most useful keys that fit.
        let none = StatusHints([])
        var candidates: [(prefix: String, hints: StatusHints)] = [("", hints.wide), ("", hints.narrow)]
        if !downloading.isEmpty {
            candidates = [(downloading + "  ", hints.wide), (downloading + "  ", hints.narrow), (downloading, none), ("", hints.narrow)]
        }
        for candidate in candidates {
            let hint = candidate.prefix + candidate.hints.text
            let hintWidth = DisplayWidth.of(hint)
            if columns - column >= hintWidth + 2 {
                let start = columns - hintWidth
                frame.put(hint, row: line.row, column: start, maxWidth: hintWidth, style: theme.dim)
                Self.linkHints(candidate.hints, row: line.row, column: start + DisplayWidth.of(candidate.prefix), into: &frame)
                break
            }
        }
    }

    /// A click on a hint presses its key: each hint's cells link to it.
    static func linkHints(_ hints: StatusHints, row: Int, column: Int, into frame: inout Frame) {
        var column = column
        for item in hints.items {
            let width = DisplayWidth.of(item.text)
            if let key = item.key { frame.setLink(.key(key), row: row, columns: column..<column + width) }
            column += width + DisplayWidth.of(hints.separator)
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
}
