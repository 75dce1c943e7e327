import PhotoramaImages

/// What makes an `ImageRequest` a zoomed picture: the part of the photo to draw, `region`, in the pixels of
/// its full size `full` (the largest rendition known), so the runtime maps it onto whichever rendition the
/// request fetches.
public struct ZoomSpec: Hashable, Sendable {
    public var region: Rect
    public var full: PixelSize

    public init(region: Rect, full: PixelSize) {
        self.region = region
        self.full = full
    }

    /// `region` in the pixels of a rendition of `size` (the same photo scaled), at least one pixel, inside it.
    public func region(in size: PixelSize) -> Rect {
        guard full.width > 0, full.height > 0 else { return Rect(row: 0, column: 0, width: size.width, height: size.height) }
        let sx = Double(size.width) / Double(full.width)
        let sy = Double(size.height) / Double(full.height)
        let x = min(max(0, Int((Double(region.column) * sx).rounded(.down))), max(0, size.width - 1))
        let y = min(max(0, Int((Double(region.row) * sy).rounded(.down))), max(0, size.height - 1))
        let right = min(size.width, max(x + 1, Int((Double(region.column + region.width) * sx).rounded(.up))))
        let bottom = min(size.height, max(y + 1, Int((Double(region.row + region.height) * sy).rounded(.up))))
        return Rect(row: y, column: x, width: right - x, height: bottom - y)
    }

    /// The pixels to ask for: the region's shape fitted into `area` (the request's pixel target).
    public func target(fitting area: PixelSize) -> PixelSize {
        guard region.width > 0, region.height > 0 else { return area }
        let scale = min(Double(area.width) / Double(region.width), Double(area.height) / Double(region.height))
        return PixelSize(
            width: max(1, Int((Double(region.width) * scale).rounded())), height: max(1, Int((Double(region.height) * scale).rounded())))
    }
}
