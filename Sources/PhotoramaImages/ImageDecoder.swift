/// Bytes to pixels: JPEG (TurboJPEG, scaled in the DCT domain) and PNG (libpng), EXIF orientation
/// applied. Every library error comes back as an `ImageDecodeError`; nothing here exits or traps.
public enum ImageDecoder {
    /// Decodes `bytes`. With a `target`, a JPEG is decoded at the smallest DCT scale (1/8 … 1) whose
    /// result still covers `target` in both dimensions (after orientation), so a 12-megapixel photo
    /// drawn in 80×80 pixels never decodes whole.
    public static func decode(
        _ bytes: [UInt8], covering target: PixelSize? = nil, limits: DecodeLimits = .standard
    ) throws(ImageDecodeError) -> RGBImage {
        // Placeholder until the decoders land (engineer C): refuses everything.
        guard !bytes.isEmpty else { throw .empty }
        throw .notAnImage
    }
}
