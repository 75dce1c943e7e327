import PhotoramaImages
import PhotoramaKit
import PhotoramaText

/// Help, comments and the network log, drawn over the body of the screen.
enum OverlayView {
    static func draw(_ overlay: Overlay, _ state: AppState, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        frame.fill(area, style: .plain)
        let contentTop = area.row + 1
        let rows = area.height - 1
        switch overlay {
        case .help(let scroll):
            title("Keys · Esc closes", area, theme, into: &frame)
            let keyWidth = min(20, area.width / 3)
            for (offset, binding) in KeyBindings.rows(for: state.configuration.keyMap).dropFirst(scroll).prefix(max(0, rows)).enumerated() {
                let row = contentTop + offset
                frame.put(binding.keys, row: row, column: area.column + 1, maxWidth: keyWidth - 1, style: theme.label)
                frame.put(binding.action, row: row, column: area.column + keyWidth + 1, maxWidth: area.width - keyWidth - 1)
            }
        case .networkLog(let scroll):
            drawNetworkLog(state.networkLog, scroll: scroll, area, theme, into: &frame)
        case .comments(let model):
            drawComments(model, area, theme, into: &frame)
        case .downloads(let scroll):
            drawDownloads(state.downloads, scroll: scroll, area, theme, into: &frame)
        }
    }

    /// Newest first: "↓ title  42% 3.1/7.4 MB 12.5 MB/s", "✓ title  /path/to/file.jpg", "✗ title  reason".
    static func drawDownloads(_ model: DownloadsModel, scroll: Int, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        let active = model.active.count
        title(
            "Downloads · \(active) active · \(model.finishedCount) finished · \(model.failedCount) failed · Esc closes", area,
            theme, into: &frame)
        let rows = area.height - 1
        guard rows > 0 else { return }
        if model.entries.isEmpty {
            frame.put("No downloads yet: d downloads the selected photo", row: area.row + 1, column: area.column + 1,
                maxWidth: area.width - 1, style: theme.dim)
            return
        }
        for offset in 0..<rows {
            let index = model.entries.count - 1 - scroll - offset
            guard index >= 0 else { break }
            let entry = model.entries[index]
            let line: String
            var style = Style.plain
            switch entry.status {
            case .active(let progress): line = "↓ \(entry.title)  \(progress?.text ?? "starting…")"
            case .finished(let path): line = "✓ \(entry.title)  \(Sanitizer.singleLine(path))"
            case .failed(let reason):
                line = "✗ \(entry.title)  \(Sanitizer.singleLine(reason))"
                style = theme.error
            }
            frame.put(line, row: area.row + 1 + offset, column: area.column + 1, maxWidth: area.width - 1, style: style)
        }
    }

    static func title(_ text: String, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        frame.put(text, row: area.row, column: area.column + 1, maxWidth: area.width - 1, style: theme.overlayTitle)
    }

    /// Newest first: method, status, duration, bytes, redacted URL (and the error, if the exchange failed).
    static func drawNetworkLog(_ entries: [RequestLogEntry], scroll: Int, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        // The Flickr call count of the newest call that has one (counted per key and hour by the cache).
        let calls = entries.last { $0.headers["x-photorama-flickr-calls"] != nil }?.headers["x-photorama-flickr-calls"]
        title("Network log · \(entries.count) request\(entries.count == 1 ? "" : "s")"
            + (calls.map { " · Flickr calls this hour \(Sanitizer.singleLine($0))" } ?? "") + " · newest first · Esc closes", area, theme, into: &frame)
        let rows = area.height - 1
        guard rows > 0 else { return }
        if entries.isEmpty {
            frame.put("No requests yet", row: area.row + 1, column: area.column + 1, maxWidth: area.width - 1, style: theme.dim)
            return
        }
        for offset in 0..<rows {
            let index = entries.count - 1 - scroll - offset
            guard index >= 0 else { break }
            let entry = entries[index]
            let status = entry.status.map(String.init) ?? "---"
            let duration = NumberText.milliseconds(entry.duration)
            let bytes = NumberText.bytes(entry.bytes)
            // Answers from the cache say so before the URL, which may be cut.
            let cache = entry.headers["x-photorama-cache"].map { $0.hasPrefix("hit") ? "[cached] " : "[304] " } ?? ""
            var line = pad(entry.method.rawValue, 5) + pad(status, 4) + padLeft(duration, 8) + padLeft(bytes, 10) + "  "
                + cache + Sanitizer.singleLine(entry.url)
            if let error = entry.error { line += "  " + Sanitizer.singleLine(error) }
            let failed = entry.error != nil || (entry.status ?? 0) >= 400
            frame.put(line, row: area.row + 1 + offset, column: area.column + 1, maxWidth: area.width - 1,
                style: failed ? theme.error : .plain)
        }
    }

    static func drawComments(_ model: CommentsModel, _ area: Rect, _ theme: Theme, into frame: inout Frame) {
        let total = model.total.map { " of " + NumberText.grouped($0) } ?? ""
        title("Comments on “\(model.title)” · \(model.comments.count)\(total) · Esc closes", area, theme, into: &frame)
        let bottom = area.row + area.height
        var row = area.row + 1
        let width = max(1, area.width - 2)
        var index = model.scroll
        while row < bottom, index < model.texts.count {
            let comment = model.texts[index]
            let used = frame.put(comment.author.isEmpty ? "unknown" : comment.author, row: row, column: area.column + 1,
                maxWidth: width, style: theme.bold)
            if !comment.date.isEmpty {
                frame.put("  " + comment.date, row: row, column: area.column + 1 + used, maxWidth: width - used, style: theme.dim)
            }
            row += 1
            for line in TextLayout.wrap(comment.text, width: width) where row < bottom {
                frame.put(line, row: row, column: area.column + 1, maxWidth: width)
                row += 1
            }
            row += 1
            index += 1
        }
        guard row < bottom else { return }
        if let error = model.error {
            frame.put(error.message + " (Esc, then c retries)", row: row, column: area.column + 1, maxWidth: width, style: theme.error)
        } else if model.token != nil {
            frame.put("loading…", row: row, column: area.column + 1, maxWidth: width, style: theme.dim)
        } else if model.comments.isEmpty {
            frame.put("No comments", row: row, column: area.column + 1, maxWidth: width, style: theme.dim)
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
