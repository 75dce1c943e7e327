/// Decoded pixels: 8-bit sRGB, three bytes a pixel, row-major, no padding.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// `pixels` must hold `width * height * 3` bytes; anything else gives an empty image.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        if width > 0, height > 0, pixels.count == width * height * 3 {
            self.width = width
            self.height = height
            self.pixels = pixels
        } else {
            self.width = 0
            self.height = 0
            self.pixels = []
        }
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// What the image costs in memory, for caches sized in bytes.
    public var byteCount: Int { pixels.count }
}
