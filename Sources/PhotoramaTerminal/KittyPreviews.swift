import PhotoramaImages

/// Kitty pictures at a quarter of their pixels (half the width, half the height) for a slow link's first
/// look (issue 42, point 5). kitty scales a placement to its cells (c=, r=), so a preview fills the same
/// cells, softer, for about a quarter of the bytes. It goes under the picture's own id, so the full
/// picture replaces it by id once the user rests. Made once a picture (`KittyPreview.make`), or taken as
/// the picture maker made it off the UI thread, and kept while frames show it.
struct KittyPreviews {
    private struct Preview {
        var full: PixelSize
        var image: RGBImage
        var transmission: [UInt8]
    }

    private var made: [UInt32: Preview] = [:]

    /// `picture` as the first look sends it: its preview, unless the terminal holds (`held`) the full one.
    /// `premade`: the preview the picture maker made for it, if any (the same `KittyPreview.make`).
    mutating func preview(of picture: KittyPicture, held: PixelSize?, premade: KittyPreview? = nil) -> KittyPicture {
        let full = picture.image.size
        guard held != full else { return picture }
        let preview: Preview
        if let kept = made[picture.id], kept.full == full {
            preview = kept
        } else {
            guard let first = premade ?? KittyPreview.make(id: picture.id, of: picture.image) else { return picture }
            preview = Preview(full: full, image: first.image, transmission: first.transmission)
            made[picture.id] = preview
        }
        var first = picture
        first.image = preview.image
        first.transmission = preview.transmission
        return first
    }

    /// Whether the terminal's image `id`, of size `held`, is a preview.
    func isPreview(id: UInt32, held: PixelSize?) -> Bool {
        guard let preview = made[id], let held else { return false }
        return held == preview.image.size && held != preview.full
    }

    /// Forgets the previews of pictures not in `ids` (the frame's).
    mutating func keep(_ ids: [UInt32]) {
        let wanted = Set(ids)
        made = made.filter { wanted.contains($0.key) }
    }
}
