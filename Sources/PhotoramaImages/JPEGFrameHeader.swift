/// The dimensions in a JPEG's frame header (SOFn), read by walking the marker segments. libjpeg refuses
/// sizes over 65,500 with a generic error, so the size limit is checked here first, to say "too large"
/// (and "no pixels" for 0×0) rather than "corrupt".
enum JPEGFrameHeader {
    static func dimensions(_ bytes: Span<UInt8>) -> PixelSize? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {  // fill byte
                index += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard index + 9 <= bytes.count else { return nil }
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return PixelSize(width: width, height: height)
            }
            if marker == 0xDA { return nil }  // scan data before any frame header
            index += 2 + length
        }
        return nil
    }
}
