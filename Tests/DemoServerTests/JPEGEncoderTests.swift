import DemoServer
import Foundation
import PhotoramaLocking
import Testing

/// The demo server's JPEGs come from TurboJPEG's encoder (libjpeg's was dropped so the program loads one
/// JPEG library): baseline, 4:2:0, and byte for byte the files libjpeg wrote, so the show benchmark's input
/// did not change.
@Suite struct JPEGEncoderTests {
    /// FNV-1a, 64 bits.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test("the 4000×3000 sample is the file libjpeg wrote (2,811,121 bytes, same fingerprint)")
    func sampleUnchanged() async {
        // Drawing and encoding 12 megapixels takes a while: on a thread of its own, not the pool's.
        let jpeg = await OwnThread.run { SampleImage.jpeg(width: 4000, height: 3000) }
        #expect(jpeg.count == 2_811_121)
        // FNV-1a of the file the libjpeg encoder wrote (photorama-bench images sample, before the change).
        #expect(Self.fingerprint(jpeg) == 1_852_959_411_099_001_133)
    }

    @Test("baseline frame, three components, luma sampled 2×2 and chroma 1×1 (4:2:0)")
    func baselineFourTwoZero() throws {
        let jpeg = SampleImage.jpeg(width: 320, height: 240)
        var index = 2
        var frame: ArraySlice<UInt8>?
        while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            if jpeg[index + 1] == 0xC0 { frame = jpeg[(index + 4)..<(index + 2 + length)] }
            if jpeg[index + 1] == 0xDA { break }
            index += 2 + length
        }
        let header = Array(try #require(frame))
        // precision, height, width, components, then (id, sampling, table) for each component
        #expect(Array(header[0..<6]) == [8, 0, 240, 1, 64, 3])
        #expect([header[7], header[10], header[13]] == [0x22, 0x11, 0x11])
    }
}
