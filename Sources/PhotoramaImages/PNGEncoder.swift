import CPNG

/// Pixels to a PNG through libpng's simplified API (errors come back in the `png_image`, never as a
/// longjmp through Swift): libpng's default zlib level with adaptive row filters, which for photos comes
/// within a few per cent of a PNG compressed at level 9 and well under zlib over the raw pixels.
public enum PNGEncoder {
    /// The PNG of `image`, or nil when libpng fails (out of memory) or the image is empty.
    public static func encode(_ image: RGBImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0 else { return nil }
        // Raw pixels, a filter byte a row and the chunks' overhead: enough for one pass in practice; when
        // libpng says it needs more, it says how much and the second pass uses that.
        var capacity = image.pixels.count + image.height + image.pixels.count / 1_000 + 1_024
        for _ in 0..<2 {
            if let bytes = write(image, capacity: &capacity) { return bytes }
            guard capacity > 0 else { return nil }
        }
        return nil
    }

    /// One attempt into `capacity` bytes. On a buffer too small, nil with `capacity` set to what is needed;
    /// on any other failure, nil with `capacity` 0.
    private static func write(_ image: RGBImage, capacity: inout Int) -> [UInt8]? {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_RGB)
        var out = [UInt8](repeating: 0, count: capacity)
        var size = capacity
        let written = image.pixels.withUnsafeBytes { pixels in
            out.withUnsafeMutableBytes { target in
                png_image_write_to_memory(&png, target.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        png_image_free(&png)
        if written != 0 {
            out.removeLast(out.count - size)
            return out
        }
        capacity = size > capacity ? size : 0
        return nil
    }
}
