import CZlib
import DemoServer
import Foundation
import Testing

@testable import PhotoramaImages

/// kitty pictures cross the link as PNG (f=100): lossless, and within 1.1× of a well-compressed PNG of
/// the same pixels, which for photos is well under zlib over the raw pixels (o=z).
@Suite("kitty transmissions: compressed, lossless")
struct KittyCompressionTests {
    /// Thumbnail-sized demo photos (as JPEG, decoded: the pixels a browser resamples from are a JPEG's).
    static func photos() throws -> [RGBImage] {
        try (1...6).map { seed in try ImageDecoder.decode(SampleImage.jpeg(width: 230, height: 160, seed: UInt64(seed), quality: 85)) }
    }

    @Test("a photo's transmission decodes back to exactly its pixels, in chunks of at most 4096 bytes")
    func lossless() throws {
        for (index, photo) in try Self.photos().enumerated() {
            var reader = KittyReader()
            reader.read(KittyGraphics.transmit(id: UInt32(index + 1), image: photo))
            #expect(reader.errors == [])
            #expect(reader.images[UInt32(index + 1)] == photo)
        }
    }

    @Test("each photo's transmission is within 1.1× of a well-compressed PNG (best filter a row, zlib level 9); all of them under o=z")
    func withinTheFloor() throws {
        var sentInAll = 0
        var zlibInAll = 0
        for photo in try Self.photos() {
            let sent = KittyGraphics.transmit(id: 1, image: photo).count
            let floor = Self.base64Escapes(Self.wellCompressedPNGSize(photo))
            let zlibOverRaw = Self.base64Escapes(Self.deflated(photo.pixels, level: 9).count)
            #expect(Double(sent) <= 1.1 * Double(floor), "sent \(sent), a well-compressed PNG \(floor)")
            print(
                "kitty photo: sent \(sent), well-compressed PNG \(floor), o=z \(zlibOverRaw), raw \(Self.base64Escapes(photo.pixels.count))"
            )
            sentInAll += sent
            zlibInAll += zlibOverRaw
        }
        // A smooth picture may deflate a little better unfiltered; photos as a whole do not.
        #expect(sentInAll < zlibInAll, "sent \(sentInAll), o=z \(zlibInAll)")
    }

    // MARK: - The reference
    /// Bytes on the wire for a payload of `count` bytes: base64, and each chunk's escape and keys (APC G,
    /// m=1; and ST: 10 bytes a chunk).
    static func base64Escapes(_ count: Int) -> Int {
        let encoded = (count + 2) / 3 * 4
        return encoded + (encoded + KittyGraphics.chunkLimit - 1) / KittyGraphics.chunkLimit * 10
    }

    /// A PNG's size with each row under the filter (PNG's five) whose bytes have the least sum of absolute
    /// values, deflated at zlib's best: signature, IHDR, one IDAT and IEND are 57 bytes around the data.
    static func wellCompressedPNGSize(_ image: RGBImage) -> Int {
        let stride = image.width * 3
        var filtered: [UInt8] = []
        filtered.reserveCapacity((stride + 1) * image.height)
        let zero = [UInt8](repeating: 0, count: stride)
        for y in 0..<image.height {
            let row = Array(image.pixels[(y * stride)..<((y + 1) * stride)])
            let above = y == 0 ? zero : Array(image.pixels[((y - 1) * stride)..<(y * stride)])
            var best: [UInt8] = []
            var bestCost = Int.max
            for filter in 0..<5 {
                var out = [UInt8(filter)]
                for x in 0..<stride {
                    let a = x >= 3 ? Int(row[x - 3]) : 0
                    let b = Int(above[x])
                    let c = x >= 3 ? Int(above[x - 3]) : 0
                    let predictor: Int
                    switch filter {
                    case 1: predictor = a
                    case 2: predictor = b
                    case 3: predictor = (a + b) / 2
                    case 4:
                        let p = a + b - c
                        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    default: predictor = 0
                    }
                    out.append(UInt8(truncatingIfNeeded: Int(row[x]) - predictor))
                }
                let cost = out.dropFirst().reduce(0) { $0 + min(Int($1), 256 - Int($1)) }
                if cost < bestCost {
                    bestCost = cost
                    best = out
                }
            }
            filtered += best
        }
        return 57 + deflated(filtered, level: 9).count
    }

    static func deflated(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(bytes.count), level)
            }
        }
        return status == Z_OK ? Array(out.prefix(Int(size))) : bytes
    }
}
