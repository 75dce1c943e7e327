import Foundation
import Testing

@testable import PhotoramaImages

/// The palette each sixel picture gets (`SixelPalette`), checked through the encoder's decoded output.
@Suite("Sixel palette made for each picture")
struct SixelPaletteTests {
    @Test("a two-colour picture gets exactly its two colours: two registers, every pixel back unchanged")
    func twoColoursComeBackExactly() throws {
        // Whole percentages (sixel's unit for a register), so nothing is lost on the way.
        let colors: [(UInt8, UInt8, UInt8)] = [(204, 51, 0), (0, 102, 153), (0, 102, 153), (204, 51, 0)]
        let source = Pictures.quadrants(width: 48, height: 36, colors)
        let palette = SixelPalette(source, colors: 256)
        #expect(palette.count == 2)
        let entries: Set<[UInt8]> = Set(stride(from: 0, to: palette.colors.count, by: 3).map { Array(palette.colors[$0..<$0 + 3]) })
        #expect(entries == [[204, 51, 0], [0, 102, 153]])
        let reader = try SixelReader.decode(try SixelEncoder.encode(source))
        #expect(reader.registers.count == 2)
        #expect(reader.image == source)
    }

    @Test("a picture of more colours than registers gets as many entries as the terminal has, at most 256")
    func paletteSizeIsTheRegisterCount() throws {
        let source = TestImages.photoLike(width: 320, height: 180)
        #expect(SixelPalette(source, colors: 256).count == 256)
        #expect(SixelPalette(source, colors: 16).count == 16)
        #expect(SixelPalette(source, colors: 4096).count == 256)
        #expect(SixelPalette(source, colors: 0).count == 2)
        #expect(try SixelReader.decode(try SixelEncoder.encode(source, colors: 16)).registers.count == 16)
        #expect(try SixelReader.decode(try SixelEncoder.encode(source)).registers.count == 256)
    }

    /// The coffee.jpg fixture at 400×260, as `show` would draw it.
    static func coffee() throws -> RGBImage {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/photos/coffee.jpg")
        let photo = try ImageDecoder.decode([UInt8](try Data(contentsOf: file)))
        return Resampler.areaAverage(photo, to: PixelSize(width: 400, height: 260))
    }

    // Measured: 2.28. libsixel's own palette (before issue 41) gave 3.93 on `show`'s pixels of the same photo.
    @Test("encoded then decoded, a 400×260 photograph (coffee.jpg) is within 2.30 a channel on average")
    func photographWithinMeasuredBound() throws {
        let source = try Self.coffee()
        let reader = try SixelReader.decode(try SixelEncoder.encode(source))
        let error = Pictures.meanError(reader.image, source)
        #expect(error < 2.30, "mean absolute error \(error)")
    }

    // Measured: 178,230 bytes; libsixel's fast policy wrote 187,463 for the same registers and pixels (the demo's
    // scenes, with wide flat areas, lose a fifth).
    @Test("the sequence is libsixel's smaller one: each pixel comes back as its entry, coffee.jpg at 400×260 in 178,230 bytes")
    func sequenceIsTheSmallerOne() throws {
        let source = try Self.coffee()
        let bytes = try SixelEncoder.encode(source)
        #expect(bytes.count <= 178_230)
        let palette = SixelPalette(source, colors: 256)
        let reader = try SixelReader.decode(bytes)
        #expect(reader.painted.allSatisfy { $0 })
        #expect(reader.registers.count == palette.count)
        let expected = palette.indices.flatMap { index in Array(palette.colors[Int(index) * 3..<Int(index) * 3 + 3]) }
        #expect(Pictures.maxError(reader.image, RGBImage(width: 400, height: 260, pixels: expected)) <= 2)
    }

    // Measured: 1.009.
    @Test("encoded then decoded, the photo-like test picture is within 1.02 a channel on average")
    func photoLikeWithinMeasuredBound() throws {
        let source = TestImages.photoLike(width: 400, height: 300)
        let reader = try SixelReader.decode(try SixelEncoder.encode(source))
        let error = Pictures.meanError(reader.image, source)
        #expect(error < 1.02, "mean absolute error \(error)")
    }

    @Test("no dithering: a flat area between two entries is one colour, not a pattern of two")
    func flatAreaIsOneColour() throws {
        // A left-to-right ramp with 16 registers, and a flat band of a colour no entry holds exactly.
        var pixels: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<200 {
                pixels += y < 30 ? [UInt8(x), UInt8(x), UInt8(x)] : [101, 101, 101]
            }
        }
        let source = RGBImage(width: 200, height: 60, pixels: pixels)
        let reader = try SixelReader.decode(try SixelEncoder.encode(source, colors: 16))
        let band: Set<[UInt8]> = Set(stride(from: 200 * 30 * 3, to: reader.pixels.count, by: 3).map { Array(reader.pixels[$0..<$0 + 3]) })
        #expect(band.count == 1)
    }

    @Test("the nearest colour search gives the exhaustive search's answer")
    func nearestMatchesExhaustive() {
        var generator = SplitMix(seed: 41)
        func random() -> SIMD3<Float> {
            let l = Float(generator.next() % 1000) / 1000
            let a = Float(generator.next() % 1000) / 1000 - 0.5
            let b = Float(generator.next() % 1000) / 1000 - 0.5
            return SIMD3(l, a, b)
        }
        let entries = (0..<200).map { _ in random() }
        let search = NearestColor(entries)
        for _ in 0..<2000 {
            let query = random()
            let distances: [Float] = entries.map { entry in
                let difference = entry - query
                return (difference * difference).sum()
            }
            #expect(distances[search.nearest(query)] == distances.min())
        }
    }
}
