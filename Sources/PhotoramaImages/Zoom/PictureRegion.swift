/// A rectangle of a picture's pixels, in the displayed picture (EXIF orientation applied), zero-based from its top-left.
public struct PictureRegion: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of the region inside a picture of `size`; empty (zero width or height) when none is.
    public func clamped(to size: PixelSize) -> PictureRegion {
        let left = min(max(x, 0), size.width)
        let top = min(max(y, 0), size.height)
        let right = max(min(x + max(width, 0), size.width), left)
        let bottom = max(min(y + max(height, 0), size.height), top)
        return PictureRegion(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies wholly inside this region.
    func contains(_ other: PictureRegion) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The region in a picture scaled by `eighths`/8 (sizes rounded up, as libjpeg scales): every scaled
    /// pixel the region touches.
    func scaled(eighths: Int) -> PictureRegion {
        let left = x * eighths / 8
        let top = y * eighths / 8
        let right = ((x + width) * eighths + 7) / 8
        let bottom = ((y + height) * eighths + 7) / 8
        return PictureRegion(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This region of `image` (which must contain it), copied row by row.
    func crop(_ image: RGBImage, at origin: (x: Int, y: Int) = (0, 0)) -> RGBImage {
        if x == origin.x, y == origin.y, width == image.width, height == image.height { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        image.pixels.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let start = ((y - origin.y + row) * image.width + (x - origin.x)) * 3
                pixels.append(contentsOf: source[start..<(start + width * 3)])
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

extension ExifOrientation {
    /// The stored pixels that `region` of the upright picture comes from, for a stored picture of `stored`
    /// size: the inverse of `apply(to:)`, so applying the orientation to those stored pixels gives the region.
    func storedRegion(of region: PictureRegion, stored: PixelSize) -> PictureRegion {
        let (u0, v0, u1, v1) = (region.x, region.y, region.x + region.width, region.y + region.height)
        let (w, h) = (stored.width, stored.height)
        // Where the displayed columns (u) and rows (v) come from in the stored picture, per `apply(to:)`.
        let (xs, ys): (Range<Int>, Range<Int>)
        switch value {
        case 2: (xs, ys) = ((w - u1)..<(w - u0), v0..<v1)
        case 3: (xs, ys) = ((w - u1)..<(w - u0), (h - v1)..<(h - v0))
        case 4: (xs, ys) = (u0..<u1, (h - v1)..<(h - v0))
        case 5: (xs, ys) = (v0..<v1, u0..<u1)
        case 6: (xs, ys) = (v0..<v1, (h - u1)..<(h - u0))
        case 7: (xs, ys) = ((w - v1)..<(w - v0), (h - u1)..<(h - u0))
        case 8: (xs, ys) = ((w - v1)..<(w - v0), u0..<u1)
        default: (xs, ys) = (u0..<u1, v0..<v1)
        }
        return PictureRegion(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count)
    }
}
