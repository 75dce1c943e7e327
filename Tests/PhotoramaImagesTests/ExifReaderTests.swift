import CEXIF
import PhotoramaLocking
import Testing

@testable import PhotoramaImages

/// `ExifOrientation.read` reads one tag itself; libexif (linked by the tests alone) is the reference.
/// Segments are built at random (either byte order, entries before and after the tag, wrong types and
/// counts, values in and out of range, offsets inside and past the block) and then altered byte by byte;
/// on every one, both must give the same orientation, and neither may crash.
@Suite struct ExifReaderTests {
    /// libexif's answer: tag 0x0112 of IFD0 when it is an integer with a value in 1...8, else 1. libexif
    /// turns BYTE, LONG and the signed types into SHORT itself, except when it stops early (IFD0 or the
    /// pointer after it runs past the block): then the conversion is done here, as the reader does it.
    static func libexif(_ jpeg: [UInt8]) -> Int {
        let data: UnsafeMutablePointer<ExifData>? = jpeg.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { exif_data_new_from_data($0, UInt32(buffer.count)) }
        }
        guard let data else { return 1 }
        defer { exif_data_unref(data) }
        let order = exif_data_get_byte_order(data)
        guard
            let content = withUnsafePointer(
                to: &data.pointee.ifd,
                { pointer in
                    pointer.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: Int(EXIF_IFD_COUNT.rawValue)) {
                        $0[Int(EXIF_IFD_0.rawValue)]
                    }
                }),
            let entry = exif_content_get_entry(content, EXIF_TAG_ORIENTATION),
            [EXIF_FORMAT_SHORT, EXIF_FORMAT_SSHORT, EXIF_FORMAT_BYTE, EXIF_FORMAT_SBYTE, EXIF_FORMAT_LONG, EXIF_FORMAT_SLONG]
                .contains(entry.pointee.format),
            entry.pointee.components >= 1, let bytes = entry.pointee.data
        else { return 1 }
        // The first value cut to 16 bits, as libexif's own conversion does (exif_get_short_convert is not exported).
        let value: Int =
            switch entry.pointee.format {
            case EXIF_FORMAT_BYTE: Int(bytes[0])
            case EXIF_FORMAT_SBYTE: Int(UInt16(bitPattern: Int16(Int8(bitPattern: bytes[0]))))
            case EXIF_FORMAT_LONG, EXIF_FORMAT_SLONG: Int(UInt16(truncatingIfNeeded: exif_get_long(bytes, order)))
            default: Int(exif_get_short(bytes, order))
            }
        return (1...8).contains(value) ? value : 1
    }

    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    /// A TIFF block: a header, IFD0 with some entries (the orientation among them, or not), a next-IFD
    /// offset and some trailing bytes.
    static func tiff(_ numbers: inout Numbers) -> [UInt8] {
        let little = numbers.next(2) == 0
        func put(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).map { byte in UInt8(truncatingIfNeeded: value >> (little ? 8 * byte : 8 * (size - 1 - byte))) }
        }
        var entries: [[UInt8]] = []
        // Tags libexif knows in IFD0 (ImageDescription, Make, XResolution, ...), kept in ascending order.
        for tag in [0x010E, 0x010F, 0x011A] where numbers.next(3) == 0 {
            entries.append(put(tag, 2) + put(2, 2) + put(4, 4) + [0x41, 0x42, 0x43, 0])
        }
        if numbers.next(5) != 0 {
            let type = [3, 3, 3, 3, 4, 1, 9, 8, 6, 2, 5][numbers.next(11)]
            let count = [1, 1, 1, 0, 2, 3][numbers.next(6)]
            let value = [1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 0xFFFF][numbers.next(11)]
            let size = [1: 1, 3: 2, 4: 4, 6: 1, 8: 2, 9: 4][type] ?? 4
            let field = count * size <= 4 ? put(value, size) + put(numbers.next(2) == 0 ? 0 : value, 4 - size) : put(8 + 2 + 12 * 4 + 4, 4)
            entries.append(put(0x0112, 2) + put(type, 2) + put(count, 4) + field)
        }
        for tag in [0x0128, 0x0131, 0x0213] where numbers.next(3) == 0 {
            entries.append(put(tag, 2) + put(3, 2) + put(1, 4) + put(2, 2) + [0, 0])
        }
        let header: [UInt8] = (little ? [0x49, 0x49] : [0x4D, 0x4D]) + put(42, 2) + put(8, 4)
        var block = header + put(entries.count, 2) + entries.joined() + put(0, 4)
        block += (0..<(numbers.next(3) * 8)).map { _ in UInt8(numbers.next(256)) }
        return block
    }

    static func jpeg(tiff: [UInt8], base: [UInt8]) -> [UInt8] {
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + base.dropFirst(2)
    }

    @Test("10,000 built segments and 50,000 altered ones: the same orientation as libexif")
    func agreesWithLibexif() async {
        // Seconds of work (more under the sanitizers): on a thread of its own, not the pool's.
        let (disagreements, nonDefault) = await OwnThread.run { Self.compareWithLibexif() }
        #expect(disagreements.isEmpty, "\(disagreements)")
        // The cases must exercise the tag, not only its absence.
        #expect(nonDefault > 7000)
    }

    /// The first five disagreements with libexif over the seeded segments, and how many read other than 1.
    static func compareWithLibexif() -> (disagreements: [String], nonDefault: Int) {
        let base = TestImages.jpeg(TestImages.pattern(width: 16, height: 8))
        var numbers = Numbers(state: 2026_11_25)
        var disagreements: [String] = []
        var nonDefault = 0
        for round in 0..<10000 {
            let tiff = Self.tiff(&numbers)
            var variants = [tiff]
            for _ in 0..<5 {
                var altered = tiff
                for _ in 0..<(1 + numbers.next(3)) {
                    altered[numbers.next(altered.count)] = UInt8(numbers.next(256))
                }
                variants.append(numbers.next(4) == 0 ? Array(altered.prefix(numbers.next(altered.count))) : altered)
            }
            for variant in variants {
                let jpeg = Self.jpeg(tiff: variant, base: base)
                let ours = ExifOrientation.read(jpeg.span).value
                if ours != 1 { nonDefault += 1 }
                if ours != Self.libexif(jpeg), disagreements.count < 5 {
                    disagreements.append("round \(round): ours \(ours), libexif \(Self.libexif(jpeg)), tiff \(variant)")
                }
            }
        }
        return (disagreements, nonDefault)
    }

    @Test("the tag in IFD1 (the thumbnail's) or after the first scan does not count; a segment before it does")
    func placement() {
        let base = TestImages.jpeg(TestImages.pattern(width: 16, height: 8))
        let turned = TestImages.withOrientation(base, 6)
        #expect(ExifOrientation.read(turned.span).value == 6)
        // An APP0 (JFIF) and an XMP APP1 before the EXIF one are walked past.
        let jfif: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let xmp: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("http:/".utf8)
        let later = Array(turned.prefix(2)) + jfif + xmp + Array(turned.dropFirst(2))
        #expect(ExifOrientation.read(later.span).value == 6)
        // No SOI, or the segment's header cut short: as stored.
        #expect(ExifOrientation.read(Array(turned.dropFirst(2)).span).value == 1)
        #expect(ExifOrientation.read(Array(turned.prefix(12)).span).value == 1)
    }
}
