import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The top line: the tabs, then the current source, its provider and "demo data" when the demo
/// server serves it.
struct HeaderView: View {
    let tabs: [Tab]
    let current: Tab
    /// The current tab's source, "Search “cats”" (`AppState.sourceLabel`).
    let label: String?
    /// The feed on screen's source, whose provider is named.
    let source: PhotoSource?
    /// Providers served by the embedded demo server: "demo data".
    let demoProviders: Set<Provider>

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = context.theme
        let columns = area.width
        let header = HeaderLayout(columns: columns, tabs: tabs)
        for label in header.labels {
            frame.put(
                label.text, row: area.row, column: label.column, maxWidth: columns - label.column,
                style: label.tab == current ? theme.activeTab : theme.tab)
        }
        let start = header.width + 2
        let room = columns - start
        guard room >= 8 else { return }
        var parts: [String] = []
        if let label { parts.append(label) }
        if let source { parts.append(source.provider.displayName) }
        let demo = source.map { demoProviders.contains($0.provider) } ?? false
        let info = parts.joined(separator: " · ")
        let badge = demo ? (info.isEmpty ? "demo data" : " · demo data") : ""
        let badgeWidth = DisplayWidth.of(badge)
        let infoWidth = min(DisplayWidth.of(info), max(0, room - badgeWidth))
        let column = columns - infoWidth - badgeWidth
        guard column >= start else { return }
        let used = frame.put(info, row: area.row, column: column, maxWidth: infoWidth, style: theme.headerInfo)
        frame.put(badge, row: area.row, column: column + used, maxWidth: badgeWidth, style: theme.demoBadge)
    }
}
