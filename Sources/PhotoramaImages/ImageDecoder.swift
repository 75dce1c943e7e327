/// Bytes to pixels: JPEG (TurboJPEG, scaled in the DCT domain) and PNG (libpng), EXIF orientation
/// applied, and with `colour`, an embedded ICC profile converted to sRGB. Every library error comes back as
/// an `ImageDecodeError`; nothing here exits or traps.
public enum ImageDecoder {
    /// Decodes `bytes`. With a `target`, a JPEG is decoded at the smallest DCT scale (1/8 … 1) whose
    /// result still covers `target` in both dimensions (after orientation), so a 12-megapixel photo
    /// drawn in 80×80 pixels never decodes whole.
    public static func decode(
        _ bytes: [UInt8], covering target: PixelSize? = nil, limits: DecodeLimits = .standard, colour: ColourTransforms? = nil
    ) throws(ImageDecodeError) -> RGBImage {
        try decode(bytes.span, covering: target, limits: limits, colour: colour)
    }

    /// The same, from bytes held elsewhere (a file read into memory of its own).
    public static func decode(
        _ bytes: Span<UInt8>, covering target: PixelSize? = nil, limits: DecodeLimits = .standard, colour: ColourTransforms? = nil
    ) throws(ImageDecodeError) -> RGBImage {
        var image: RGBImage
        switch ImageFormat.sniff(bytes) {
        case .empty: throw .empty
        case .jpeg:
            let orientation = ExifOrientation.read(bytes)
            image = orientation.apply(
                to: try JPEGDecoder.decode(bytes, covering: target, swapsAxes: orientation.swapsAxes, limits: limits))
        case .png: image = try PNGDecoder.decode(bytes, limits: limits)
        case .gif: image = try GIFDecoder.firstFrame(bytes, limits: limits)
        case .unknown: throw .notAnImage
        }
        if let colour, let profile = EmbeddedProfile.read(bytes) { colour.convert(&image, from: profile) }
        return image
    }
}

/// What the first bytes say a file is.
enum ImageFormat {
    case empty, jpeg, png, gif, unknown

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gifSignature: [UInt8] = Array("GIF89a".utf8)
    static let gif87Signature: [UInt8] = Array("GIF87a".utf8)

    static func sniff(_ bytes: Span<UInt8>) -> ImageFormat {
        if bytes.isEmpty { return .empty }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, (0..<8).allSatisfy({ bytes[$0] == pngSignature[$0] }) { return .png }
        if bytes.count >= 6, (0..<6).allSatisfy({ bytes[$0] == gifSignature[$0] || bytes[$0] == gif87Signature[$0] }) { return .gif }
        return .unknown
    }
}
