import CJPEGRegion

/// One region of a JPEG at a DCT scale through CJPEGRegion (libjpeg's cropping and skipping): rows above
/// the region are entropy-decoded but never transformed, rows below never read, columns outside it never
/// transformed. The whole-picture path stays `JPEGDecoder` (TurboJPEG). Errors come back as values.
enum JPEGRegionDecoder {
    /// The frame as libjpeg reads it from the headers.
    struct Header: Equatable, Sendable {
        var size: PixelSize
        /// 4 for CMYK files (converted with `CMYK.toRGB`), 3 otherwise.
        var components: Int
        var progressive: Bool
    }

    /// The most libjpeg may allocate for one region: a progressive file keeps every coefficient (2 bytes a
    /// sample, about 150 MB for 50 megapixels in 4:2:0), a baseline one a few rows. Past it: "too large".
    static let maxMemory = 200 << 20

    /// Headers only: the size limits are checked on the frame header before libjpeg sees the file.
    static func header(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> Header {
        let span = bytes.span
        if let frame = JPEGFrameHeader.dimensions(span) {
            guard frame.width > 0, frame.height > 0 else { throw .noPixels }
            guard frame.width * frame.height <= limits.maxSourcePixels else { throw .tooLarge(width: frame.width, height: frame.height) }
        }
        var header = photorama_jpeg_header()
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                photorama_jpeg_read_header(input.baseAddress, input.count, &header, text.baseAddress, text.count)
            }
        }
        try check(status, message: message, size: PixelSize(width: Int(header.width), height: Int(header.height)))
        let size = PixelSize(width: Int(header.width), height: Int(header.height))
        guard size.width > 0, size.height > 0 else { throw .noPixels }
        guard size.width * size.height <= limits.maxSourcePixels else { throw .tooLarge(width: size.width, height: size.height) }
        return Header(size: size, components: Int(header.components), progressive: header.progressive != 0)
    }

    /// `region` (stored orientation, in the picture scaled by `eighths`/8) as RGB.
    static func decode(
        _ bytes: [UInt8], header: Header, eighths: Int, region: Rect, maxMemory: Int = maxMemory
    ) throws(ImageDecodeError) -> RGBImage {
        guard !region.isEmpty else { throw .noPixels }
        var pixels = [UInt8](repeating: 0, count: region.width * region.height * header.components)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                message.withUnsafeMutableBufferPointer { text in
                    photorama_jpeg_decode_region(
                        input.baseAddress, input.count, Int32(eighths), Int32(region.column), Int32(region.row), Int32(region.width),
                        Int32(region.height), maxMemory, output.baseAddress, output.count, text.baseAddress, text.count)
                }
            }
        }
        try check(status, message: message, size: header.size)
        if header.components == 4 { pixels = CMYK.toRGB(pixels) }
        return RGBImage(width: region.width, height: region.height, pixels: pixels)
    }

    private static func check(_ status: Int32, message: [CChar], size: PixelSize) throws(ImageDecodeError) {
        switch UInt32(bitPattern: status) {
        case PHOTORAMA_JPEG_OK.rawValue: return
        case PHOTORAMA_JPEG_TOO_LARGE.rawValue: throw .tooLarge(width: size.width, height: size.height)
        case PHOTORAMA_JPEG_UNSUPPORTED.rawValue:
            let words = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw .unsupported(String(decoding: words, as: UTF8.self))
        case PHOTORAMA_JPEG_BAD_ARGUMENT.rawValue: throw .unsupported("a JPEG region outside the picture")
        default: throw .corrupt(format: "JPEG")
        }
    }
}
