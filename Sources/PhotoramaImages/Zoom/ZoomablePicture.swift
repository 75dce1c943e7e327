// Stand-in for the region decoder (branch `region`), with its API: it decodes the whole picture once and
// crops, where the real one decodes only the visible region. The merger takes the region branch's file.

/// A rectangle of a picture's pixels, in its displayed orientation.
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
}

extension DecodeLimits {
    /// What a zoomable picture accepts (the stand-in: as `.standard`).
    public static let zoom = DecodeLimits.standard
}

/// A picture whose regions can be drawn at any scale down to 1:1.
public final class ZoomablePicture: Sendable {
    private let image: RGBImage

    public init(bytes: [UInt8], limits: DecodeLimits = .zoom, colour: ColourTransforms? = nil) throws(ImageDecodeError) {
        let whole = DecodeLimits(maxSourcePixels: limits.maxSourcePixels, maxDecodedPixels: limits.maxSourcePixels)
        image = try ImageDecoder.decode(bytes, limits: whole, colour: colour)
    }

    /// The displayed size, orientation applied.
    public var size: PixelSize { image.size }

    /// region's pixels scaled down to exactly `target` when target fits inside the region, else the region at 1:1.
    public func pixels(of region: PictureRegion, fitting target: PixelSize) throws(ImageDecodeError) -> RGBImage {
        let left = max(0, min(region.x, image.width))
        let top = max(0, min(region.y, image.height))
        let width = max(0, min(region.width, image.width - left))
        let height = max(0, min(region.height, image.height - top))
        guard width > 0, height > 0 else { throw .noPixels }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for row in top..<(top + height) {
            let start = (row * image.width + left) * 3
            pixels.append(contentsOf: image.pixels[start..<(start + width * 3)])
        }
        let cropped = RGBImage(width: width, height: height, pixels: pixels)
        guard target.width > 0, target.height > 0, target.width <= width, target.height <= height else { return cropped }
        return Resampler.areaAverage(cropped, to: target)
    }
}
