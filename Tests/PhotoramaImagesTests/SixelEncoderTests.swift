import PhotoramaImages
import Testing

/// Synthetic images of known pixels.
enum Pictures {
    /// Red rises left to right, green top to bottom, blue fixed.
    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Seeded noise, which no compressor shrinks.
    static func noise(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var generator = SplitMix(seed: seed)
        return RGBImage(
            width: width, height: height, pixels: (0..<(width * height * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    /// Four flat quadrants.
    static func quadrants(width: Int, height: Int, _ colors: [(UInt8, UInt8, UInt8)]) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let color = colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                pixels += [color.0, color.1, color.2]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The largest difference of any channel of any pixel.
    static func maxError(_ a: RGBImage, _ b: RGBImage) -> Int {
        guard a.pixels.count == b.pixels.count else { return Int.max }
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Mean absolute difference per channel.
    static func meanError(_ a: RGBImage, _ b: RGBImage) -> Double {
        guard a.pixels.count == b.pixels.count else { return .infinity }
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(max(1, a.pixels.count))
    }
}

@Suite("Sixel encoder (libsixel), checked by decoding its output")
struct SixelEncoderTests {
    @Test("flat colours of whole percentages (sixel's unit) come back exactly, every pixel painted")
    func flatColoursAreClose() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 51, 255), (102, 153, 204), (255, 255, 255)]
        let source = Pictures.quadrants(width: 40, height: 30, colors)
        let reader = try SixelReader.decode(try SixelEncoder.encode(source))
        #expect(reader.width == 40)
        #expect(reader.height == 30)
        #expect(reader.painted.allSatisfy { $0 })
        #expect(Pictures.maxError(reader.image, source) == 0)
        // Each quadrant is one flat colour, not dithered: four distinct colours in all.
        var colorsSeen = Set<[UInt8]>()
        for offset in stride(from: 0, to: reader.pixels.count, by: 3) {
            colorsSeen.insert(Array(reader.pixels[offset..<offset + 3]))
        }
        #expect(colorsSeen.count == 4)
    }

    @Test("a gradient comes back within a mean error of 8 per channel (a 256-colour palette is lossy)")
    func gradientWithinTolerance() throws {
        let source = Pictures.gradient(width: 160, height: 97)
        let reader = try SixelReader.decode(try SixelEncoder.encode(source))
        #expect(reader.width == 160)
        #expect(reader.height == 97)
        #expect(reader.painted.allSatisfy { $0 })
        let error = Pictures.meanError(reader.image, source)
        #expect(error <= 8, "mean absolute error \(error)")
    }

    // Widths from 4 up: libsixel 1.10's palette misses colours of images only two or three pixels wide,
    // far smaller than one terminal cell.
    @Test("heights that are not a multiple of six; images under six rows are padded to six with their last row")
    func oddSizes() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 0, 255)]
        for (width, height) in [(8, 7), (5, 11), (10, 13), (4, 6), (12, 20)] {
            let source = Pictures.quadrants(width: width, height: height, colors)
            let reader = try SixelReader.decode(try SixelEncoder.encode(source))
            #expect(reader.width == width && reader.height == height, "\(width)×\(height)")
            #expect(reader.painted.allSatisfy { $0 }, "\(width)×\(height)")
            #expect(Pictures.maxError(reader.image, source) <= 8, "\(width)×\(height)")
        }
        for (width, height) in [(8, 1), (8, 2), (10, 5)] {
            let source = Pictures.quadrants(width: width, height: height, colors)
            let reader = try SixelReader.decode(try SixelEncoder.encode(source))
            #expect(reader.width == width && reader.height == 6, "\(width)×\(height)")
            #expect(reader.painted.allSatisfy { $0 }, "\(width)×\(height)")
            let top = RGBImage(width: width, height: height, pixels: Array(reader.pixels.prefix(width * height * 3)))
            #expect(Pictures.maxError(top, source) <= 8, "\(width)×\(height)")
            let rowBytes = width * 3
            let lastRow: [UInt8] = Array(reader.pixels[(height - 1) * rowBytes..<height * rowBytes])
            var padding: [UInt8] = []
            for _ in height..<6 { padding += lastRow }
            let extra: [UInt8] = Array(reader.pixels[(height * rowBytes)...])
            #expect(extra == padding, "\(width)×\(height)")
        }
    }

    @Test("the sequence is 7-bit: ESC P … ESC \\ with only printable bytes between")
    func sevenBitClean() throws {
        let bytes = try SixelEncoder.encode(Pictures.gradient(width: 64, height: 48))
        #expect(Array(bytes.prefix(2)) == [0x1B, UInt8(ascii: "P")])
        #expect(Array(bytes.suffix(2)) == [0x1B, UInt8(ascii: "\\")])
        #expect(bytes.dropFirst(2).dropLast(2).allSatisfy { (0x20...0x7E).contains($0) })
    }

    @Test("an image without pixels is an error value")
    func emptyImage() {
        #expect(throws: SixelEncodeError.noPixels) { try SixelEncoder.encode(RGBImage(width: 0, height: 0, pixels: [])) }
        #expect(SixelEncodeError.noPixels.message == "image has no pixels")
    }

    @Test("libsixel is opened at the first encoding, not linked: a library that cannot be opened is one line")
    func unavailableLibrary() {
        #expect(SixelEncodeError.unavailable.message == "sixel encoder: libsixel.so.1 could not be loaded")
        // Here it can be opened, so encoding works through the table the shim filled.
        #expect((try? SixelEncoder.encode(RGBImage(width: 1, height: 1, pixels: [10, 20, 30])))?.isEmpty == false)
    }
}
