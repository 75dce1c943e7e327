/// What a decoder accepts. Checked against the header before any pixel is decoded.
public struct DecodeLimits: Sendable, Hashable {
    /// The most pixels the source may have (width × height in its header).
    public var maxSourcePixels: Int
    /// The most pixels a decoded image may have (after DCT scaling).
    public var maxDecodedPixels: Int

    public init(maxSourcePixels: Int, maxDecodedPixels: Int) {
        self.maxSourcePixels = maxSourcePixels
        self.maxDecodedPixels = maxDecodedPixels
    }

    /// 100 megapixels in the file (a 12,000 × 8,000 panorama passes), at most 16 megapixels decoded.
    public static let standard = DecodeLimits(maxSourcePixels: 100_000_000, maxDecodedPixels: 16_000_000)

    /// For `ZoomablePicture`: a JPEG is never decoded whole there, only the regions on screen (each at most
    /// 16 megapixels, its pan margin included), so sources up to 250 megapixels pass (a 20,000 × 12,500
    /// panorama). PNG and GIF are decoded whole, so for them `maxDecodedPixels` bounds the source too.
    public static let zoom = DecodeLimits(maxSourcePixels: 250_000_000, maxDecodedPixels: 16_000_000)
}
