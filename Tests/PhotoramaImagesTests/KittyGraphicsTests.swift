import Foundation
import Testing

@testable import PhotoramaImages

@Suite("Kitty graphics byte builders")
struct KittyGraphicsTests {
    @Test("a small image is one a=t command with a PNG of its exact pixels in base64 (f=100, no s= or v=)")
    func smallTransmission() throws {
        let image = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
        let bytes = KittyGraphics.transmit(id: 7, image: image)
        let text = String(decoding: bytes, as: UTF8.self)
        let head = "\u{1B}_Ga=t,f=100,i=7,q=2,m=0;"
        try #require(text.hasPrefix(head) && text.hasSuffix("\u{1B}\\"))
        let png = try #require(Data(base64Encoded: String(text.dropFirst(head.count).dropLast(2))))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try ImageDecoder.decode([UInt8](png)) == image)
    }

    @Test("a large image goes in chunks of at most 4096 bytes, m=1 on all but the last, and decodes exactly")
    func chunkedTransmission() throws {
        // Noise does not compress: a PNG of 100×100 of it is a little over its 30,000 bytes of RGB, so
        // 40,000-odd base64 bytes, nine full chunks and a tenth.
        let image = Pictures.noise(width: 100, height: 100, seed: 5)
        let png = try #require(PNGEncoder.encode(image))
        #expect((png.count + 2) / 3 * 4 > 9 * 4096 && (png.count + 2) / 3 * 4 <= 10 * 4096)
        let bytes = KittyGraphics.transmit(id: 3, image: image)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "\u{1B}_G").count - 1 == 10)
        #expect(text.components(separatedBy: "m=1;").count - 1 == 9)
        #expect(text.hasPrefix("\u{1B}_Ga=t,f=100,i=3,q=2,m=1;"))
        #expect(text.contains("\u{1B}\\\u{1B}_Gm=0;"))
        var reader = KittyReader()
        reader.read(bytes)
        #expect(reader.errors == [])
        #expect(reader.chunkCount == 10)
        #expect(reader.images[3] == image)
        #expect(reader.placements.isEmpty)
    }

    @Test("place, delete and delete-all are exact")
    func commands() {
        let place = KittyGraphics.place(id: 7, placement: 2, at: Rect(row: 2, column: 4, width: 10, height: 5))
        #expect(String(decoding: place, as: UTF8.self) == "\u{1B}[3;5H\u{1B}_Ga=p,i=7,p=2,c=10,r=5,C=1,q=2\u{1B}\\")
        #expect(
            String(decoding: KittyGraphics.deletePlacement(id: 7, placement: 2), as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=7,p=2,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deleteAll(), as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deleteAllPlacements(), as: UTF8.self) == "\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
    }

    @Test("transmit-and-display occupies the cells asked for, at the cursor")
    func transmitAndDisplay() {
        let image = Pictures.gradient(width: 80, height: 60)
        let bytes = KittyGraphics.transmitAndDisplay(image: image, id: 1, columns: 8, rows: 3)
        #expect(String(decoding: bytes.prefix(60), as: UTF8.self).hasPrefix("\u{1B}_Ga=T,f=100,i=1,c=8,r=3,q=2,m="))
        var reader = KittyReader()
        reader.read(bytes)
        #expect(reader.errors == [])
        #expect(reader.images[1] == image)
        #expect(reader.placements == [KittyReader.Key(id: 1, placement: 0): Rect(row: 0, column: 0, width: 8, height: 3)])
    }

    @Test("base64 of every length agrees with Foundation's, padding included")
    func base64() {
        var generator = SplitMix(seed: 11)
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(String(decoding: Base64.encode(bytes), as: UTF8.self) == Data(bytes).base64EncodedString(), "\(length)")
        }
    }
}

/// A small seeded generator, so sessions repeat exactly.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
