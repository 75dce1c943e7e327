import PhotoramaImages

/// Image bytes from outside: a decoded image is whole and never bigger than the limits allow.
enum ImageTargets {
    /// Small limits, so a header that claims a huge image is refused rather than allocated.
    static let limits = DecodeLimits(maxSourcePixels: 4_000_000, maxDecodedPixels: 1_000_000)
    static let jpegMagic: [UInt8] = [0xFF, 0xD8]
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let jpeg = FuzzTarget(name: "jpeg-decoder", summary: "JPEG decoding (TurboJPEG, EXIF orientation, DCT scaling, size checks)") {
        bytes in
        decode(bytes.starts(with: jpegMagic) ? bytes : jpegMagic + bytes)
    }

    static let png = FuzzTarget(name: "png-decoder", summary: "PNG decoding (libpng, size checks)") { bytes in
        decode(bytes.starts(with: pngMagic) ? bytes : pngMagic + bytes)
    }

    private static func decode(_ bytes: [UInt8]) -> [String] {
        var broken: [String] = []
        // Whole, and scaled to cover 64×64 as thumbnails are.
        for target in [nil, PixelSize(width: 64, height: 64)] {
            guard let image = try? ImageDecoder.decode(bytes, covering: target, limits: limits) else { continue }
            if image.width <= 0 || image.height <= 0 { broken.append("decoded an empty \(image.width)×\(image.height) image") }
            if image.width * image.height > limits.maxDecodedPixels {
                broken.append("decoded \(image.width)×\(image.height), over the limit of \(limits.maxDecodedPixels) pixels")
            }
            if image.pixels.count != image.width * image.height * 3 {
                broken.append("\(image.pixels.count) bytes for \(image.width)×\(image.height) RGB")
            }
        }
        return broken
    }
}
