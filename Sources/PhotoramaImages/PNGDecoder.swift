import CPNG

/// PNG through libpng's simplified API, which reports errors in the `png_image` (never longjmp-ing
/// through Swift). Palette, grey, alpha (composited over mid grey) and 16-bit files all come out RGB.
enum PNGDecoder {
    static func decode(_ bytes: Span<UInt8>, limits: DecodeLimits) throws(ImageDecodeError) -> RGBImage {
        // libpng keeps the pointer from begin_read until finish_read: both happen inside this scope.
        try bytes.withUnsafeBufferPointer { buffer throws(ImageDecodeError) in try decode(buffer, limits: limits) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws(ImageDecodeError) -> RGBImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        guard began != 0 else {
            png_image_free(&image)
            throw .corrupt(format: "PNG")
        }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0 else {
            png_image_free(&image)
            throw .noPixels
        }
        guard width * height <= limits.maxSourcePixels, width * height <= limits.maxDecodedPixels else {
            png_image_free(&image)
            throw .tooLarge(width: width, height: height)
        }
        image.format = UInt32(PNG_FORMAT_RGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var background = png_color(red: 128, green: 128, blue: 128)
        let finished = pixels.withUnsafeMutableBytes { output in
            png_image_finish_read(&image, &background, output.baseAddress, 0, nil)
        }
        png_image_free(&image)
        guard finished != 0 else { throw .corrupt(format: "PNG") }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
