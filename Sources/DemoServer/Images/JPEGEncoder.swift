import CTurboJPEG

/// Encodes RGB pixels as a baseline JPEG in memory with TurboJPEG, the library that also decodes them:
/// the program then loads libturbojpeg alone, not libjpeg beside it (each shared library is time at
/// every start).
enum JPEGEncoder {
    /// Empty when the encoder fails; the inputs here are always valid (positive sizes, a buffer of exactly
    /// width×height×3 bytes), which the precondition below guarantees.
    static func encode(rgb pixels: [UInt8], width: Int, height: Int, quality: Int32 = 82) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "JPEGEncoder: inconsistent image buffer")
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        // 4:2:0 and the accurate integer DCT: what libjpeg's defaults gave, byte for byte.
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
                Int32(TJSAMP_420.rawValue), quality, TJFLAG_ACCURATEDCT)
        }
        guard status == 0, let output else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
