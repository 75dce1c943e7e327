import CPNGWrite

/// Pixels to a PNG through libpng (`CPNGWrite`, which keeps libpng's longjmp in C): libpng's adaptive row
/// filters at zlib's default level, or no filter when that is smaller. The adaptive choice suits photos;
/// on pictures with repeated rows or textures (some demo thumbnails) it came to 1.8× the unfiltered PNG,
/// and a kitty picture must stay within 1.1× of the smallest PNG of its pixels (issue 42). The unfiltered
/// attempt costs about a third of the adaptive one.
public enum PNGEncoder {
    /// The PNG of `image` (IHDR, sRGB, IDAT, IEND), or nil when libpng fails (out of memory) or the image is empty.
    public static func encode(_ image: RGBImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 3 else { return nil }
        guard let adaptive = write(image, PHOTORAMA_PNG_ADAPTIVE) else { return nil }
        guard let unfiltered = write(image, PHOTORAMA_PNG_UNFILTERED) else { return adaptive }
        return unfiltered.count < adaptive.count ? unfiltered : adaptive
    }

    /// One PNG: into room for the raw pixels, a filter byte a row and the chunks (enough in practice); when
    /// libpng needs more, again with what it said it needs.
    private static func write(_ image: RGBImage, _ filters: photorama_png_filters) -> [UInt8]? {
        var capacity = image.pixels.count + image.height + image.pixels.count / 1_000 + 1_024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            let size = image.pixels.withUnsafeBufferPointer { pixels in
                out.withUnsafeMutableBufferPointer { target in
                    photorama_png_write(
                        pixels.baseAddress, UInt32(image.width), UInt32(image.height), filters, target.baseAddress, capacity)
                }
            }
            guard size > 0 else { return nil }
            if size <= capacity {
                out.removeLast(capacity - size)
                return out
            }
            capacity = size
        }
        return nil
    }
}
