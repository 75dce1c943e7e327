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

    /// The palette PNG of `picture` (IHDR, sRGB, PLTE, IDAT, IEND), unfiltered; nil when libpng fails.
    public static func encode(_ picture: PalettePicture) -> [UInt8]? {
        let colors = picture.palette.count / 3
        guard picture.size.width > 0, picture.size.height > 0, picture.indices.count == picture.size.width * picture.size.height,
            (1...256).contains(colors)
        else { return nil }
        return write(bytes: picture.indices.count + picture.size.height + picture.palette.count) { target, capacity in
            picture.indices.withUnsafeBufferPointer { indices in
                picture.palette.withUnsafeBufferPointer { palette in
                    photorama_png_write_palette(
                        indices.baseAddress, UInt32(picture.size.width), UInt32(picture.size.height), palette.baseAddress, UInt32(colors),
                        target, capacity)
                }
            }
        }
    }

    private static func write(_ image: RGBImage, _ filters: photorama_png_filters) -> [UInt8]? {
        write(bytes: image.pixels.count + image.height) { target, capacity in
            image.pixels.withUnsafeBufferPointer { pixels in
                photorama_png_write(pixels.baseAddress, UInt32(image.width), UInt32(image.height), filters, target, capacity)
            }
        }
    }

    /// One PNG by `png` (which writes at most the capacity it is given and returns the whole size, 0 on
    /// failure): into room for `bytes` of rows and the chunks (enough in practice); when libpng needs more,
    /// again with what it said it needs.
    private static func write(bytes: Int, _ png: (UnsafeMutablePointer<UInt8>?, Int) -> Int) -> [UInt8]? {
        var capacity = bytes + bytes / 1_000 + 1_024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            let size = out.withUnsafeMutableBufferPointer { target in png(target.baseAddress, capacity) }
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
