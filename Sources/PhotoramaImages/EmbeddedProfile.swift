import CZlib

/// The ICC profile a file carries: a JPEG's APP2 "ICC_PROFILE" chunks joined in their sequence order, or a
/// PNG's iCCP chunk inflated. nil when there is none or it is not whole (a chunk missing or repeated, a
/// count that disagrees, a stream that does not inflate): such a file is drawn as sRGB, as browsers do.
enum EmbeddedProfile {
    /// Larger profiles exist (device links, big LUTs) but no photo needs one; this bounds a hostile file.
    static let maxBytes = 4 << 20

    static func read(_ bytes: Span<UInt8>) -> [UInt8]? {
        switch ImageFormat.sniff(bytes) {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .empty, .gif, .unknown: nil
        }
    }

    // MARK: - JPEG
    /// "ICC_PROFILE\0", then the chunk's number (from 1) and the number of chunks.
    static let jpegHeader: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    static func jpeg(_ bytes: Span<UInt8>) -> [UInt8]? {
        var chunks: [Int: Range<Int>] = [:]
        var expected = 0
        var total = 0
        var cursor = JPEGSegments.first
        while let segment = JPEGSegments.segment(in: bytes, at: cursor) {
            if segment.marker == 0xDA || segment.marker == 0xD9 { break }
            cursor = segment.next
            let contents = segment.contents
            let header = jpegHeader
            guard segment.marker == 0xE2, contents.count > header.count + 2,
                (0..<header.count).allSatisfy({ bytes[contents.lowerBound + $0] == header[$0] })
            else { continue }
            let number = Int(bytes[contents.lowerBound + header.count])
            let count = Int(bytes[contents.lowerBound + header.count + 1])
            guard number >= 1, number <= count, expected == 0 || count == expected, chunks[number] == nil else { return nil }
            expected = count
            let data = (contents.lowerBound + header.count + 2)..<contents.upperBound
            total += data.count
            guard total <= maxBytes else { return nil }
            chunks[number] = data
        }
        guard expected > 0, chunks.count == expected else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(total)
        for number in 1...expected {
            guard let range = chunks[number] else { return nil }
            for index in range { profile.append(bytes[index]) }
        }
        return profile
    }

    // MARK: - PNG
    /// Walks the chunks up to the first IDAT (where iCCP must come before) and inflates iCCP's stream.
    static func png(_ bytes: Span<UInt8>) -> [UInt8]? {
        var cursor = 8
        while cursor + 12 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[cursor + $1]) }
            let type = (4..<8).map { bytes[cursor + $0] }
            let data = (cursor + 8)..<(cursor + 8 + length)
            guard length <= bytes.count, data.upperBound <= bytes.count else { return nil }
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { return nil }
            if type == Array("iCCP".utf8) {
                // A name of 1–79 bytes, a NUL, the compression method (0: zlib), then the stream.
                guard let nul = data.prefix(80).first(where: { bytes[$0] == 0 }), nul > data.lowerBound, nul + 1 < data.upperBound,
                    bytes[nul + 1] == 0
                else { return nil }
                return inflate(bytes, (nul + 2)..<data.upperBound)
            }
            cursor = data.upperBound + 4
        }
        return nil
    }

    /// zlib's inflate with the output bounded by `maxBytes` (a small stream cannot become a bomb).
    static func inflate(_ bytes: Span<UInt8>, _ range: Range<Int>) -> [UInt8]? {
        let input = (range).map { bytes[$0] }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var status = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: buffer.prefix(buffer.count - Int(stream.avail_out)))
                }
                if output.count > maxBytes { status = Z_DATA_ERROR }
                if status == Z_OK, stream.avail_in == 0, stream.avail_out != 0 { status = Z_BUF_ERROR }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
