import CPNG
import CTurboJPEG
import PhotoramaImages

/// Image files the tests make themselves: JPEGs through TurboJPEG, PNGs through libpng.
enum TestImages {
    /// A gradient with a few shapes, so every region differs.
    static func pattern(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(x * 255 / max(1, width - 1))
                pixels[index + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[index + 2] = (x / 16 + y / 16) % 2 == 0 ? 40 : 200
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// One colour everywhere.
    static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBImage {
        RGBImage(width: width, height: height, pixels: Array([[r, g, b]].joined()).repeated(width * height))
    }

    enum Kind { case baseline, progressive, grey, cmyk }

    /// A JPEG of `image` (quality 95, 4:4:4 so flat colours stay flat).
    static func jpeg(_ image: RGBImage, kind: Kind = .baseline) -> [UInt8] {
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var source = image.pixels
        var format = TJPF_RGB
        if kind == .cmyk {
            // Adobe-style inverted CMYK: 255 is no ink, so white is (255, 255, 255, 255).
            source = []
            for index in 0..<(image.width * image.height) {
                let r = image.pixels[index * 3]
                let g = image.pixels[index * 3 + 1]
                let b = image.pixels[index * 3 + 2]
                let k = max(r, g, b)
                source +=
                    k == 0 ? [0, 0, 0, 0] : [UInt8(Int(r) * 255 / Int(k)), UInt8(Int(g) * 255 / Int(k)), UInt8(Int(b) * 255 / Int(k)), k]
            }
            format = TJPF_CMYK
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let subsampling = kind == .grey ? TJSAMP_GRAY : TJSAMP_444
        let flags = kind == .progressive ? Int32(TJFLAG_PROGRESSIVE) : 0
        let status = source.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(image.width), 0, Int32(image.height), format.rawValue, &output, &size,
                Int32(subsampling.rawValue), 95, flags)
        }
        guard status == 0, let output else { return [] }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A PNG of `pixels` in a libpng simplified format (RGB, RGBA, 16-bit linear RGB, grey, colour-mapped).
    static func png(width: Int, height: Int, format: UInt32, pixels: [UInt8], colormap: [UInt8]? = nil) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        if let colormap { image.colormap_entries = UInt32(colormap.count / 3) }
        var size = 0
        let ok = pixels.withUnsafeBytes { buffer in
            colormapPointer(colormap) { map in png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, 0, map) }
        }
        guard ok != 0, size > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: size)
        let written = pixels.withUnsafeBytes { buffer in
            out.withUnsafeMutableBytes { target in
                colormapPointer(colormap) { map in
                    png_image_write_to_memory(&image, target.baseAddress, &size, 0, buffer.baseAddress, 0, map)
                }
            }
        }
        png_image_free(&image)
        return written != 0 ? Array(out.prefix(size)) : []
    }

    private static func colormapPointer<R>(_ colormap: [UInt8]?, _ body: (UnsafeRawPointer?) -> R) -> R {
        guard let colormap else { return body(nil) }
        return colormap.withUnsafeBytes { body($0.baseAddress) }
    }

    /// A JPEG with an EXIF APP1 segment holding only the orientation tag, inserted after SOI.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF header, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,  // Orientation, SHORT, 1
            0x00, 0x00, 0x00, 0x00,  // no next IFD
        ]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
    }

    /// The JPEG with the frame header's dimensions replaced (to make impossible headers).
    static func withDimensions(_ jpeg: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
        var bytes = jpeg
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        return bytes
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}
