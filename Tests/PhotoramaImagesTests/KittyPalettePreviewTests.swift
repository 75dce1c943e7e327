import DemoServer
import Testing

@testable import PhotoramaImages

/// A slow link's first look at a kitty picture (issue 42, point 5): a quarter of its pixels, in 64
/// colours chosen by libimagequant, sent as a palette PNG.
@Suite struct KittyPalettePreviewTests {
    @Test func aPictureOfFewColoursKeepsThemExactlyAndItsPalettePNGDecodesToThem() throws {
        let colours: [[UInt8]] = [[10, 20, 30], [200, 100, 0], [255, 255, 255]]
        let image = RGBImage(width: 7, height: 5, pixels: Array((0..<35).map { colours[($0 / 3 + $0) % 3] }.joined()))
        let palette = try #require(PalettePicture.quantize(image))
        #expect(palette.image == image)
        #expect(palette.palette.count == 9)
        let png = try #require(PNGEncoder.encode(palette))
        #expect(try ImageDecoder.decode(png) == image)
    }

    @Test func aPreviewIsAQuarterOfThePixelsInAtMost64ColoursNearTheReducedPictureAndUnderHalfTheTrueColourBytes() throws {
        var previewBytes = 0
        var trueColourBytes = 0
        for (index, photo) in try KittyCompressionTests.photos().enumerated() {
            let id = UInt32(index + 1)
            let preview = try #require(KittyPreview.make(id: id, of: photo))
            let half = Resampler.areaAverage(photo, to: PixelSize(width: 115, height: 80))
            var reader = KittyReader()
            reader.read(preview.transmission)
            #expect(reader.errors == [])
            let shown = try #require(reader.images[id])
            #expect(shown == preview.image)
            #expect(shown.size == PixelSize(width: 115, height: 80))
            let distinct = Set(stride(from: 0, to: shown.pixels.count, by: 3).map { Array(shown.pixels[$0..<($0 + 3)]) })
            #expect(distinct.count <= 64)
            // Near the picture it stands for: on average within 3 of 255 a channel.
            let error = zip(shown.pixels, half.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(error) / Double(half.pixels.count) <= 3, "photo \(id): mean error \(Double(error) / Double(half.pixels.count))")
            previewBytes += preview.transmission.count
            trueColourBytes += KittyGraphics.transmit(id: id, image: half).count
        }
        print("kitty previews of 6 photos: palette PNG \(previewBytes) bytes, 24-bit PNG \(trueColourBytes) bytes")
        #expect(2 * previewBytes < trueColourBytes, "palette \(previewBytes), 24-bit \(trueColourBytes)")
    }
}
