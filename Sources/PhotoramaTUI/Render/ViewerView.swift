import PhotoramaKit
import PhotoramaText

/// The full-screen viewer: the selected photo as large as the terminal allows, and a caption line
/// with its title, owner, size and place in the feed.
enum ViewerView {
    static func draw(_ feed: FeedModel, _ state: AppState, _ layout: ScreenLayout, _ theme: Theme, into frame: inout Frame) {
        guard let photo = feed.selectedPhoto else {
            CenteredText.draw(feed.feed.lastError?.message ?? "loading…", in: layout.viewerImage, theme.dim, into: &frame)
            return
        }
        if let request = state.pictureRequest(photo, in: layout.viewerImage, preview: true) {
            ImageView.draw(state.images.status(request), in: layout.viewerImage, theme, into: &frame)
        } else {
            ImageView.placeholder(state.configuration.images == nil ? "images are off" : "no image", in: layout.viewerImage, theme, into: &frame)
        }
        guard !layout.viewerCaption.isEmpty else { return }
        frame.put(caption(photo, feed), row: layout.viewerCaption.row, column: 0, maxWidth: layout.viewerCaption.width, style: theme.dim)
    }

    /// "Title · owner · 4000×3000 · 12 of 1,000".
    static func caption(_ photo: Photo, _ feed: FeedModel) -> String {
        let title = Sanitizer.singleLine(photo.title)
        var parts = [title.isEmpty ? "Untitled" : title]
        let owner = Sanitizer.singleLine(photo.owner)
        if !owner.isEmpty { parts.append(owner) }
        if let size = photo.largestDimensions { parts.append("\(size.width)×\(size.height)") }
        let total = max(feed.feed.total ?? feed.count, feed.count)
        parts.append("\(NumberText.grouped(feed.selection + 1)) of \(NumberText.grouped(total))")
        return parts.joined(separator: " · ")
    }
}
