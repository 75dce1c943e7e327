import CTurboJPEG

/// Pixels to a baseline JPEG in memory with TurboJPEG, the library that decodes them too: what an
/// iTerm2 inline image carries. Errors are values.
public enum JPEGEncoding {
    /// 4:4:4 at quality 90: a picture a few hundred pixels wide keeps its colour edges, and is still a
    /// fraction of the size of raw pixels or a PNG.
    public static let quality: Int32 = 90

    public static func encode(_ image: RGBImage, quality: Int32 = quality) throws(ImageFailure) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageFailure(.noPixels) }
        guard let handle = tjInitCompress() else { throw ImageFailure(message: "JPEG encoder: cannot start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue), &output, &size,
                Int32(TJSAMP_444.rawValue), quality, 0)
        }
        guard status == 0, let output else {
            throw ImageFailure(message: "JPEG encoder: " + String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
