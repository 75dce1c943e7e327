/// `Rect` as a region of a picture's pixels: the zoom's regions, in the displayed picture (EXIF orientation
/// applied), zero-based from its top-left; `column` and `row` count pixels from the left and the top.
extension Rect {
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The part of the region inside a picture of `size`; empty (zero width or height) when none is.
    public func clamped(to size: PixelSize) -> Rect {
        let left = min(max(column, 0), size.width)
        let top = min(max(row, 0), size.height)
        let right = max(min(column + max(width, 0), size.width), left)
        let bottom = max(min(row + max(height, 0), size.height), top)
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies wholly inside this region.
    func contains(_ other: Rect) -> Bool {
        other.column >= column && other.row >= row && other.column + other.width <= column + width
            && other.row + other.height <= row + height
    }

    /// The region in a picture scaled by `eighths`/8 (sizes rounded up, as libjpeg scales): every scaled
    /// pixel the region touches.
    func scaled(eighths: Int) -> Rect {
        let left = column * eighths / 8
        let top = row * eighths / 8
        let right = ((column + width) * eighths + 7) / 8
        let bottom = ((row + height) * eighths + 7) / 8
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    /// This region of `image` (which must contain it; `origin` is where the image's top-left pixel lies),
    /// copied row by row.
    func crop(_ image: RGBImage, at origin: (row: Int, column: Int) = (0, 0)) -> RGBImage {
        if row == origin.row, column == origin.column, width == image.width, height == image.height { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        image.pixels.withUnsafeBufferPointer { source in
            for line in 0..<height {
                let start = ((row - origin.row + line) * image.width + (column - origin.column)) * 3
                pixels.append(contentsOf: source[start..<(start + width * 3)])
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

extension ExifOrientation {
    /// The stored pixels that `region` of the upright picture comes from, for a stored picture of `stored`
    /// size: the inverse of `apply(to:)`, so applying the orientation to those stored pixels gives the region.
    func storedRegion(of region: Rect, stored: PixelSize) -> Rect {
        let (u0, v0, u1, v1) = (region.column, region.row, region.column + region.width, region.row + region.height)
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
        return Rect(row: ys.lowerBound, column: xs.lowerBound, width: xs.count, height: ys.count)
    }
}
