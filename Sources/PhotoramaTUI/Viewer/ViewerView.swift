import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// The full-screen viewer: the selected photo as large as the terminal allows (`ScreenLayout.viewerImage`,
/// the area `wantedImages` asks pictures for), above its `ViewerCaption`.
struct ViewerView: View {
    let feed: FeedModel

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard let photo = feed.selectedPhoto else {
            CenteredText(feed.feed.lastError?.message ?? "loading…", style: context.theme.dim)
                .draw(in: area, context: context, into: &frame)
            return
        }
        // Zoomed: the region in the best rendition drawn so far; until one is, the fitted picture.
        if let zoomed = context.zoomedPicture {
            ImageView(status: zoomed).draw(in: area, context: context, into: &frame)
            return
        }
        let missing = context.imageDrawing == nil ? "images are off" : "no image"
        PhotoPicture(photo: photo, preview: true, missing: missing).draw(in: area, context: context, into: &frame)
    }
}

/// The viewer's caption line: the selected photo's title, owner, size and place in the feed; nothing while
/// no photo is selected (the viewer says why).
struct ViewerCaption: View {
    let feed: FeedModel
    var slideshow: Slideshow?
    /// "×2.8 · Large 1600" while zoomed (`AppState.zoomCaption`).
    var zoom: String?

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard let photo = feed.selectedPhoto, !area.isEmpty else { return }
        let parts = Self.parts(photo, feed, slideshow: slideshow, zoom: zoom)
        frame.put(
            parts.map { $0.text }.joined(separator: Self.separator), row: area.row, column: area.column, maxWidth: area.width,
            style: context.theme.dim)
        // The title, the owner and the licence link to their pages, as far as they are shown.
        var column = area.column
        let end = area.column + area.width
        // Parts past the area's edge are not shown, so they link nothing.
        for part in parts where column < end {
            let width = DisplayWidth.of(part.text)
            if let link = part.link { frame.setLink(.address(link), row: area.row, columns: column..<min(end, column + width)) }
            column += width + DisplayWidth.of(Self.separator)
        }
    }

    static let separator = " · "

    /// "▶ 5 s · Title · owner · CC BY-SA 4.0 · 4000×3000 · 12 of 1,000" (the mark while a slideshow runs,
    /// the licence when the photo carries one by name); zoomed,
    /// "×2.8 · Large 1600 · Title · …".
    static func caption(_ photo: Photo, _ feed: FeedModel, slideshow: Slideshow? = nil, zoom: String? = nil) -> String {
        parts(photo, feed, slideshow: slideshow, zoom: zoom).map(\.text).joined(separator: separator)
    }

    /// The caption's parts, each with the address it links to (`Hyperlink.target`): the title the photo's
    /// page, the owner their page, the licence its text.
    static func parts(
        _ photo: Photo, _ feed: FeedModel, slideshow: Slideshow? = nil, zoom: String? = nil
    ) -> [(text: String, link: String?)] {
        let title = Sanitizer.singleLine(photo.title)
        var parts: [(text: String, link: String?)] = [
            (title.isEmpty ? "Untitled" : title, photo.pageURL.flatMap { Hyperlink.target($0.absoluteString) })
        ]
        if let zoom { parts.insert((zoom, nil), at: 0) }
        if let slideshow { parts.insert(("▶ \(slideshow.interval.components.seconds) s", nil), at: 0) }
        let owner = Sanitizer.singleLine(photo.owner)
        if !owner.isEmpty { parts.append((owner, photo.ownerPageURL.flatMap { Hyperlink.target($0.absoluteString) })) }
        // The licences of Commons and Openverse ask for credit wherever a photo is shown large.
        if let tag = photo.licenseTag, case let license = Sanitizer.singleLine(tag.name), !license.isEmpty {
            parts.append((license, tag.address.flatMap(Hyperlink.target)))
        }
        if let size = photo.largestDimensions { parts.append(("\(size.width)×\(size.height)", nil)) }
        let total = max(feed.feed.total ?? feed.count, feed.count)
        parts.append(("\(NumberText.grouped(feed.selection + 1)) of \(NumberText.grouped(total))", nil))
        return parts
    }
}
