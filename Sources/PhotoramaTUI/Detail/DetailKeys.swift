import PhotoramaKit
import PhotoramaScreen

/// The full-screen detail's keys, the tag picking of `[` `]` and `e`'s EXIF, as functions of the detail.
/// The root opens the viewer when asked, and reads how much text there is (`AppState.detailExtent`) to
/// scroll down, only then (it lays the text out).
extension DetailModel {
    /// What a key in the full-screen detail asks of the root once the detail has taken its part.
    enum Request: Equatable {
        case handled
        case openViewer
        /// Down by this many lines, within the text (`scrollDown(by:in:)`).
        case scrollDown(Int)
    }

    /// Esc closes, Enter (or `v`) asks for the viewer, the vertical keys scroll by a line or by `page`
    /// lines: up here, down by the root, which knows where the text ends. nil when the key is not the
    /// detail's.
    mutating func key(_ key: Key, _ action: KeyAction?, page: Int) -> Request? {
        switch (key, action) {
        case (.escape, _): close()
        case (.enter, _), (_, .view?): return .openViewer
        case (.up, _), (_, .up?), (.shiftUp, _), (_, .detailUp?): scrollUp(by: 1)
        case (.down, _), (_, .down?), (.shiftDown, _), (_, .detailDown?): return .scrollDown(1)
        case (.pageUp, _): scrollUp(by: page)
        case (.pageDown, _): return .scrollDown(page)
        default: return nil
        }
        return .handled
    }

    /// Scrolls down by `lines`, stopping when the text's last line is at the bottom; nothing without text.
    mutating func scrollDown(by lines: Int, in extent: DetailExtent?) {
        guard let extent else { return }
        scrollDown(by: lines, total: extent.total, height: extent.height)
    }

    /// The tag `[` (or `]` when `forward`) picks on `photo`: the previous (next) shown tag, wrapping; nil
    /// when it shows none.
    func nextTag(on photo: Photo, forward: Bool) -> Int? {
        let count = DetailContent.shownTags(photo).count
        guard count > 0 else { return nil }
        guard let current = tagIndex(for: photo) else { return forward ? 0 : count - 1 }
        return (current + (forward ? 1 : count - 1)) % count
    }

    /// Picks `tag` and scrolls so its `line` (when it has one) shows among `height` lines.
    mutating func pick(_ tag: DetailTag, revealing line: Int?, height: Int) {
        pick(tag)
        if let line { reveal(line: line, height: height) }
    }

    /// `e`: shows `photo`'s EXIF (Flickr's only), or hides it again; the request to send and the other
    /// photo's to cancel.
    mutating func toggleExif(for photo: Photo?, tokens: inout RequestTokens) -> [Effect] {
        guard let photo, photo.provider == .flickr else { return [] }
        let (load, cancel) = toggleExif(for: photo.key, token: tokens.next())
        return (cancel.map { [.cancel($0)] } ?? []) + (load.map { [.loadExif(photo.key, token: $0)] } ?? [])
    }
}

/// How many lines of detail text the selected photo has and how many show: where scrolling down stops.
struct DetailExtent: Equatable {
    let total: Int
    let height: Int
}

extension AppState {
    /// The selected photo's detail text in the pane (or the full-screen detail): its lines and the height
    /// they show in. nil without a selected photo. Read only.
    var detailExtent: DetailExtent? {
        let layout = ScreenLayout(self)
        let area = layout.pane.isEmpty ? layout.body : layout.pane
        guard let photo = currentFeed?.selectedPhoto else { return nil }
        let total = DetailContent.lines(
            for: photo, width: max(1, area.width - 2), saved: saved.isSaved(photo), favorite: favorites.isFavorite(photo),
            extras: detailExtras(for: photo)
        ).count
        return DetailExtent(total: total, height: area.height - layout.imagePreview.height)
    }

    /// The line of the detail text that shows `photo`'s tag `index` picked, and the height the text
    /// shows in. Read only.
    func detailLine(ofTag index: Int, on photo: Photo) -> (line: Int?, height: Int) {
        let layout = ScreenLayout(self)
        let area = layout.pane.isEmpty ? layout.body : layout.pane
        let margin = area.width > 4 ? 1 : 0
        let lines = DetailContent.lines(
            for: photo, width: max(1, area.width - 2 * margin), pickedTag: index, extras: detailExtras(for: photo))
        return (lines.firstIndex { !$0.highlights.isEmpty }, max(1, area.height - layout.imagePreview.height))
    }
}
