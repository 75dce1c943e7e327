import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// Newest first: method, status, duration, bytes, redacted URL (and the error, if the exchange failed).
struct NetworkLogOverlay: View {
    let entries: [RequestLogEntry]
    let scroll: Int

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        let theme = context.theme
        // The Flickr call count of the newest call that has one (counted per key and hour by the cache).
        let calls = entries.last { $0.headers["x-photorama-flickr-calls"] != nil }?.headers["x-photorama-flickr-calls"]
        OverlayTitle(
            "Network log · \(entries.count) request\(entries.count == 1 ? "" : "s")"
                + (calls.map { " · Flickr calls this hour \(Sanitizer.singleLine($0))" } ?? "") + " · newest first · Esc closes"
        )
        .draw(in: area, context: context, into: &frame)
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
            var line =
                Self.pad(entry.method.rawValue, 5) + Self.pad(status, 4) + Self.padLeft(duration, 8)
                + Self.padLeft(bytes, 10) + "  " + cache + Sanitizer.singleLine(entry.url)
            if let error = entry.error { line += "  " + Sanitizer.singleLine(error) }
            let failed = entry.error != nil || (entry.status ?? 0) >= 400
            frame.put(
                line, row: area.row + 1 + offset, column: area.column + 1, maxWidth: area.width - 1,
                style: failed ? theme.error : .plain)
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
