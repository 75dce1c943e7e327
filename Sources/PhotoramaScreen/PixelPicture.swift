import PhotoramaImages

/// Pixels that a graphics protocol (kitty, sixel) puts over `columns` × `rows` cells. The id names the
/// picture to the terminal: the same id is the same pixels, so comparing ids is enough.
public struct PixelPicture: Hashable, Sendable {
    public let id: UInt32
    public let columns: Int
    public let rows: Int
    public let image: RGBImage
    /// The picture in the protocol's bytes, prepared where the picture is made, off the UI thread: the
    /// sixel sequence, or the kitty transmission (a=t under `id`).
    public let encoded: [UInt8]?
    /// A kitty picture's first look for a slow link, made with it off the UI thread while the link is slow
    /// (`KittyPreview`); nil otherwise (the screen then makes it when it needs it).
    public let kittyPreview: KittyPreview?

    public init(id: UInt32, columns: Int, rows: Int, image: RGBImage, encoded: [UInt8]? = nil, kittyPreview: KittyPreview? = nil) {
        self.id = id
        self.columns = columns
        self.rows = rows
        self.image = image
        self.encoded = encoded
        self.kittyPreview = kittyPreview
    }

    public static func == (a: PixelPicture, b: PixelPicture) -> Bool {
        a.id == b.id && a.columns == b.columns && a.rows == b.rows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(columns)
        hasher.combine(rows)
    }
}
