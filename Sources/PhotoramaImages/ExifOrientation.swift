/// The EXIF orientation tag (1–8): how the stored pixels must be turned to stand upright.
struct ExifOrientation: Equatable {
    let value: Int

    /// Orientations 5–8 turn the image a quarter: width and height trade places.
    var swapsAxes: Bool { value >= 5 && value <= 8 }

    /// The tag (0x0112) of IFD0 in a JPEG's EXIF segment; 1 (as stored) when absent or unreadable.
    ///
    /// Read here, every offset checked against the segment, rather than with libexif: one SHORT in the
    /// first directory is all a photo browser needs, and libexif parsed the whole block and cost every start
    /// its loading (docs/PERFORMANCE.md). The tests hold this to libexif's answer on altered segments.
    static func read(_ jpeg: Span<UInt8>) -> ExifOrientation {
        guard let tiff = exifSegment(jpeg) else { return ExifOrientation(value: 1) }
        return ExifOrientation(value: orientation(jpeg, tiff: tiff) ?? 1)
    }

    /// Where the TIFF block of the first APP1 segment that starts "Exif\0\0" lies, before the first scan.
    static func exifSegment(_ bytes: Span<UInt8>) -> Range<Int>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var cursor = JPEGSegments.first
        while let segment = JPEGSegments.segment(in: bytes, at: cursor) {
            if segment.marker == 0xDA || segment.marker == 0xD9 { return nil }
            let contents = segment.contents
            let header = exifHeader
            if segment.marker == 0xE1, contents.lowerBound + header.count <= contents.upperBound,
                (0..<header.count).allSatisfy({ bytes[contents.lowerBound + $0] == header[$0] })
            {
                return (contents.lowerBound + header.count)..<contents.upperBound
            }
            cursor = segment.next
        }
        return nil
    }

    /// Bytes per value of each TIFF type (BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE, UNDEFINED, SSHORT,
    /// SLONG, SRATIONAL, FLOAT, DOUBLE); nil for an unknown one. A switch, not a dictionary: a new generic
    /// type costs a scan of the program's protocol conformances the first time it is used.
    static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// The integer types: a SHORT by the specification, but libexif took any of these, cut to 16 bits.
    static func isInteger(_ type: Int) -> Bool {
        switch type {
        case 1, 3, 4, 6, 8, 9: true
        default: false
        }
    }

    /// "Exif\0\0", which starts the APP1 segment that holds EXIF.
    static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The value of tag 0x0112 in IFD0 when it is an integer between 1 and 8. As libexif did: an entry
    /// whose values do not fit in the block (or of no known type) is passed over for a later one; the
    /// first that fits is the answer.
    static func orientation(_ bytes: Span<UInt8>, tiff: Range<Int>) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[tiff.lowerBound], bytes[tiff.lowerBound + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        /// A 1-, 2- or 4-byte number at `offset` within the TIFF block; nil past its end.
        func number(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset <= tiff.count - size else { return nil }
            var value = 0
            for byte in 0..<size {
                let shift = littleEndian ? 8 * byte : 8 * (size - 1 - byte)
                value |= Int(bytes[tiff.lowerBound + offset + byte]) << shift
            }
            return value
        }
        guard number(at: 2, size: 2) == 42, let directory = number(at: 4, size: 4),
            let entries = number(at: directory, size: 2)
        else { return nil }
        for entry in 0..<entries {
            let at = directory + 2 + 12 * entry
            // Only whole entries count.
            guard at <= tiff.count - 12, let tag = number(at: at, size: 2), let type = number(at: at + 2, size: 2),
                let count = number(at: at + 4, size: 4)
            else { return nil }
            guard tag == 0x0112, let size = typeSize(type), count >= 1 else { continue }
            // Values of four bytes or fewer sit in the entry itself; longer ones at the offset it holds.
            let length = count * size
            guard let place = length <= 4 ? at + 8 : number(at: at + 8, size: 4), place <= tiff.count - length else { continue }
            guard isInteger(type), let value = number(at: place, size: size), (1...8).contains(value & 0xFFFF) else {
                return nil
            }
            return value & 0xFFFF
        }
        return nil
    }

    /// The upright image.
    func apply(to image: RGBImage) -> RGBImage {
        guard value != 1, image.width > 0 else { return image }
        let width = image.width
        let height = image.height
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        // Where the stored pixel (x, y) goes in the upright image.
                        let (u, v): (Int, Int)
                        switch value {
                        case 2: (u, v) = (width - 1 - x, y)
                        case 3: (u, v) = (width - 1 - x, height - 1 - y)
                        case 4: (u, v) = (x, height - 1 - y)
                        case 5: (u, v) = (y, x)
                        case 6: (u, v) = (height - 1 - y, x)
                        case 7: (u, v) = (height - 1 - y, width - 1 - x)
                        default: (u, v) = (y, width - 1 - x)  // 8
                        }
                        let from = (y * width + x) * 3
                        let to = (v * outWidth + u) * 3
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}
