import PhotoramaImages

/// Image bytes from outside: a decoded image is whole and never bigger than the limits allow.
enum ImageTargets {
    /// Small limits, so a header that claims a huge image is refused rather than allocated.
    static let limits = DecodeLimits(maxSourcePixels: 4_000_000, maxDecodedPixels: 1_000_000)
    static let jpegMagic: [UInt8] = [0xFF, 0xD8]
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gifMagic: [UInt8] = Array("GIF89a".utf8)

    static let jpeg = FuzzTarget(name: "jpeg-decoder", summary: "JPEG decoding (TurboJPEG, EXIF orientation, DCT scaling, size checks)") {
        bytes in
        decode(bytes.starts(with: jpegMagic) ? bytes : jpegMagic + bytes)
    }

    static let png = FuzzTarget(name: "png-decoder", summary: "PNG decoding (libpng, size checks)") { bytes in
        decode(bytes.starts(with: pngMagic) ? bytes : pngMagic + bytes)
    }

    static let gif = FuzzTarget(
        name: "gif-decoder", summary: "GIF decoding (giflib, compositing, disposal, loops, frame and memory bounds)"
    ) { bytes in
        let input = bytes.starts(with: gifMagic) ? bytes : gifMagic + bytes
        var broken = decode(input)
        guard let animation = try? ImageDecoder.animation(input, covering: PixelSize(width: 64, height: 64), limits: limits) else {
            return broken
        }
        if animation.frames.isEmpty || animation.frames.count > GIFDecoder.maxFrames {
            broken.append("\(animation.frames.count) frames")
        }
        if let first = animation.frames.first, animation.frames.contains(where: { $0.image.size != first.image.size }) {
            broken.append("frames of different sizes")
        }
        if animation.frames.count > 1, animation.frames.contains(where: { $0.delay < .milliseconds(20) }) {
            broken.append("a delay under 20 ms")
        }
        return broken
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
