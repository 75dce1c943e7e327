/// The dimensions in a JPEG's frame header (SOFn), read by walking the marker segments. libjpeg refuses
/// sizes over 65,500 with a generic error, so the size limit is checked here first, to say "too large"
/// (and "no pixels" for 0×0) rather than "corrupt".
enum JPEGFrameHeader {
    static func dimensions(_ bytes: Span<UInt8>) -> PixelSize? {
        var cursor = JPEGSegments.first
        while let segment = JPEGSegments.segment(in: bytes, at: cursor) {
            let marker = segment.marker
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                let at = segment.contents.lowerBound
                guard at + 5 <= bytes.count else { return nil }
                let height = Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
                let width = Int(bytes[at + 3]) << 8 | Int(bytes[at + 4])
                return PixelSize(width: width, height: height)
            }
            if marker == 0xDA { return nil }  // scan data before any frame header
            cursor = segment.next
        }
        return nil
    }
}
