import CImageQuant

/// A picture in 256 colours or fewer: its palette and one index a pixel, as libimagequant (pngquant's
/// library) chooses and maps them; the project never writes its own quantizer. A slow link's first look at
/// a kitty picture goes as its palette PNG (`KittyPreview`), a third of the bytes of the 24-bit one.
public struct PalettePicture: Sendable, Equatable {
    public let size: PixelSize
    /// RGB triples, at most 256.
    public let palette: [UInt8]
    /// One palette index a pixel, rows packed.
    public let indices: [UInt8]

    /// The pixels the palette PNG decodes to.
    public var image: RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(indices.count * 3)
        for index in indices {
            let at = Int(index) * 3
            pixels += palette[at..<(at + 3)]
        }
        return RGBImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// `image` in at most `colors` (2–256) colours, mapped without dithering (noise would cost the PNG the
    /// bytes the palette saves); nil when libimagequant fails or the image is empty.
    public static func quantize(_ image: RGBImage, colors: Int = 256) -> PalettePicture? {
        let count = image.width * image.height
        guard count > 0, image.pixels.count == count * 3, let attributes = liq_attr_create() else { return nil }
        defer { liq_attr_destroy(attributes) }
        guard liq_set_max_colors(attributes, Int32(min(256, max(2, colors)))) == LIQ_OK else { return nil }
        var rgba = [UInt8](repeating: 255, count: count * 4)
        for pixel in 0..<count {
            rgba[pixel * 4] = image.pixels[pixel * 3]
            rgba[pixel * 4 + 1] = image.pixels[pixel * 3 + 1]
            rgba[pixel * 4 + 2] = image.pixels[pixel * 3 + 2]
        }
        return rgba.withUnsafeBytes { bitmap -> PalettePicture? in
            guard let base = bitmap.baseAddress,
                let input = liq_image_create_rgba(attributes, base, Int32(image.width), Int32(image.height), 0)
            else { return nil }
            defer { liq_image_destroy(input) }
            var quantized: OpaquePointer?
            guard liq_image_quantize(input, attributes, &quantized) == LIQ_OK, let result = quantized else { return nil }
            defer { liq_result_destroy(result) }
            guard liq_set_dithering_level(result, 0) == LIQ_OK else { return nil }
            var indices = [UInt8](repeating: 0, count: count)
            let written = indices.withUnsafeMutableBytes { target -> liq_error in
                guard let base = target.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
                return liq_write_remapped_image(result, input, base, count)
            }
            guard written == LIQ_OK, let chosen = liq_get_palette(result)?.pointee else { return nil }
            let entries = min(256, Int(chosen.count))
            var palette: [UInt8] = []
            withUnsafeBytes(of: chosen.entries) { raw in
                let colours = raw.bindMemory(to: liq_color.self)
                for colour in colours.prefix(entries) { palette += [colour.r, colour.g, colour.b] }
            }
            guard entries > 0, indices.allSatisfy({ Int($0) < entries }) else { return nil }
            return PalettePicture(size: image.size, palette: palette, indices: indices)
        }
    }
}
