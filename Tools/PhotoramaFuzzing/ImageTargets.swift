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

    static let jpegRegion = FuzzTarget(
        name: "jpeg-region", summary: "zoom: JPEG regions (libjpeg cropping and skipping, DCT scales, orientation, the pan band)"
    ) { bytes in
        let input = bytes.starts(with: jpegMagic) ? bytes : jpegMagic + bytes
        guard let picture = try? ZoomablePicture(bytes: input, limits: limits) else { return [] }
        let size = picture.size
        guard size.width > 0, size.height > 0, size.width * size.height <= limits.maxSourcePixels else {
            return ["a picture of \(size.width)×\(size.height) passed limits of \(limits.maxSourcePixels) pixels"]
        }
        var broken: [String] = []
        // The whole picture small, its centre at 1:1, a region hanging over the bottom-right corner, and a pan
        // step from the centre (cropped from the band) against the same region decoded alone.
        let centre = Rect(row: size.height / 4, column: size.width / 4, width: max(1, size.width / 2), height: max(1, size.height / 2))
        let corner = Rect(row: size.height - 5, column: size.width - 5, width: 20, height: 20)
        let requests: [(Rect, PixelSize, PixelSize)] = [
            (
                Rect(row: 0, column: 0, width: size.width, height: size.height), PixelSize(width: 8, height: 8),
                size.width >= 8 && size.height >= 8 ? PixelSize(width: 8, height: 8) : size
            ),
            (centre, centre.size, centre.size),
            // Cut to the picture, the target with it: the corner's part inside at 1:1.
            (corner, PixelSize(width: 20, height: 20), corner.clamped(to: size).size),
        ]
        for (region, target, expected) in requests {
            guard let image = try? picture.pixels(of: region, fitting: target) else { continue }
            if image.size != expected { broken.append("\(region) fitting \(target) gave \(image.width)×\(image.height), not \(expected)") }
            if image.pixels.count != image.width * image.height * 3 {
                broken.append("\(image.pixels.count) bytes for \(image.width)×\(image.height) RGB")
            }
        }
        let step = Rect(row: centre.row + 1, column: centre.column + 1, width: centre.width, height: centre.height)
        if let cached = try? picture.pixels(of: step, fitting: step.size),
            let alone = try? picture.pixels(of: step, fitting: step.size, usingCache: false), cached != alone
        {
            broken.append("a pan step from the band differs from the region decoded alone")
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
