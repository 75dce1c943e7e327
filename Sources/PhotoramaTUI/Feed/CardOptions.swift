/// How the grid draws its cards; `t` and `F` switch them. Starts as the configuration says.
public struct CardOptions: Sendable {
    /// Thumbnail cards (a picture above the title) rather than text cards.
    public private(set) var thumbnails: Bool
    /// Thumbnails fill their card, cropped around the centre, instead of fitting with bars.
    public private(set) var fill: Bool

    mutating func toggleThumbnails() { thumbnails.toggle() }
    mutating func toggleFill() { fill.toggle() }
}
