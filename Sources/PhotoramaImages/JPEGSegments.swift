/// A JPEG's marker segments, walked from just after the start-of-image marker: for the readers that need
/// one segment before any pixel is decoded (the frame header's size, the EXIF orientation).
enum JPEGSegments {
    /// One segment: its marker, its contents (after the two length bytes, cut at the end of the bytes),
    /// and where the next marker should start.
    struct Segment {
        var marker: UInt8
        var contents: Range<Int>
        var next: Int
    }

    /// Where the first segment after SOI starts.
    static let first = 2

    /// The segment at `index`, past fill bytes and markers that stand alone (SOI, TEM, RSTn); nil at the
    /// end of the bytes, at a byte that is not a marker or at a length under 2. A scan (SOS) is returned
    /// like any segment: the callers stop there.
    static func segment(in bytes: Span<UInt8>, at start: Int) -> Segment? {
        var index = start
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
            return Segment(marker: marker, contents: (index + 4)..<min(index + 2 + length, bytes.count), next: index + 2 + length)
        }
        return nil
    }
}
