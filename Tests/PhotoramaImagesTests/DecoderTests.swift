import CPNG
import Testing

@testable import PhotoramaImages

@Suite("Decoding JPEG and PNG, hostile files included")
struct DecoderTests {
    let photo = TestImages.jpeg(TestImages.pattern(width: 640, height: 480))

    @Test("a baseline JPEG decodes whole without a target, at its own size")
    func baseline() throws {
        let image = try ImageDecoder.decode(photo)
        #expect(image.width == 640 && image.height == 480)
        // Top-left is dark red-free, bottom-right bright: the pattern survived (JPEG is lossy: ±12).
        let last = (480 * 640 - 1) * 3
        #expect(abs(Int(image.pixels[last]) - 255) <= 12)
        #expect(abs(Int(image.pixels[last + 1]) - 255) <= 12)
        #expect(Int(image.pixels[0]) <= 12)
    }

    @Test("the DCT scale is the smallest of 1/8 … 1 that still covers the target")
    func scaleChoice() throws {
        let source = PixelSize(width: 4000, height: 3000)
        let limit = DecodeLimits.standard.maxDecodedPixels
        #expect(
            JPEGDecoder.scale(for: source, covering: PixelSize(width: 80, height: 80), maxPixels: limit)
                == .init(numerator: 1, denominator: 8))
        #expect(
            JPEGDecoder.scale(for: source, covering: PixelSize(width: 600, height: 400), maxPixels: limit)
                == .init(numerator: 1, denominator: 4))
        #expect(
            JPEGDecoder.scale(for: source, covering: PixelSize(width: 1600, height: 1200), maxPixels: limit)
                == .init(numerator: 1, denominator: 2))
        #expect(
            JPEGDecoder.scale(for: source, covering: PixelSize(width: 5000, height: 100), maxPixels: limit)
                == .init(numerator: 1, denominator: 1))
        #expect(JPEGDecoder.scale(for: source, covering: nil, maxPixels: 1_000_000) == .init(numerator: 1, denominator: 4))
        // And the decoder uses it: 640×480 for 80×60 decodes at 1/8.
        let small = try ImageDecoder.decode(photo, covering: PixelSize(width: 80, height: 60))
        #expect(small.width == 80 && small.height == 60)
    }

    @Test("each hostile file gives its error value")
    func hostile() {
        let cases: [(String, [UInt8], ImageDecodeError)] = [
            ("empty body", [], .empty),
            ("HTML served as image/jpeg", Array("<!DOCTYPE html><html><body>503</body></html>".utf8), .notAnImage),
            ("truncated JPEG", Array(photo.prefix(photo.count / 2)), .corrupt(format: "JPEG")),
            ("only the JPEG header", Array(photo.prefix(200)), .corrupt(format: "JPEG")),
            ("65,535×65,535 header", TestImages.withDimensions(photo, width: 65535, height: 65535), .tooLarge(width: 65535, height: 65535)),
            (
                "truncated PNG",
                Array(
                    TestImages.png(
                        width: 64, height: 64, format: UInt32(PNG_FORMAT_RGB), pixels: [UInt8](repeating: 90, count: 64 * 64 * 3)
                    ).prefix(60)), .corrupt(format: "PNG")
            ),
        ]
        for (name, bytes, expected) in cases {
            #expect(throws: expected, "\(name)") { try ImageDecoder.decode(bytes) }
        }
    }

    @Test("corrupt entropy data is refused, never decoded into garbage or a crash")
    func corruptEntropy() {
        var bytes = photo
        // Overwrite a run in the middle of the scan with bytes that are not valid Huffman codes.
        for index in (bytes.count / 2)..<(bytes.count / 2 + 400) { bytes[index] = index % 2 == 0 ? 0xFF : 0x00 }
        #expect(throws: ImageDecodeError.corrupt(format: "JPEG")) { try ImageDecoder.decode(bytes) }
    }

    @Test("a 0×0 frame is refused before decoding")
    func zeroSize() {
        let bytes = TestImages.withDimensions(photo, width: 0, height: 0)
        #expect(throws: ImageDecodeError.noPixels) { try ImageDecoder.decode(bytes) }
    }

    @Test("grey, progressive and CMYK JPEGs decode to the right colours")
    func variants() throws {
        let colour = TestImages.solid(width: 32, height: 32, 200, 60, 30)
        let grey = try ImageDecoder.decode(TestImages.jpeg(colour, kind: .grey))
        #expect(grey.width == 32)
        #expect(grey.pixels[0] == grey.pixels[1] && grey.pixels[1] == grey.pixels[2])
        let progressive = try ImageDecoder.decode(TestImages.jpeg(colour, kind: .progressive))
        #expect(abs(Int(progressive.pixels[0]) - 200) <= 4 && abs(Int(progressive.pixels[1]) - 60) <= 4)
        let cmyk = try ImageDecoder.decode(TestImages.jpeg(colour, kind: .cmyk))
        #expect(cmyk.width == 32 && cmyk.height == 32)
        #expect(abs(Int(cmyk.pixels[0]) - 200) <= 6 && abs(Int(cmyk.pixels[1]) - 60) <= 6 && abs(Int(cmyk.pixels[2]) - 30) <= 6)
    }

    @Test("PNGs with a palette, alpha or 16-bit channels all come out as 8-bit RGB")
    func pngVariants() throws {
        let rgb = try ImageDecoder.decode(
            TestImages.png(width: 2, height: 1, format: UInt32(PNG_FORMAT_RGB), pixels: [10, 20, 30, 40, 50, 60]))
        #expect(rgb.pixels == [10, 20, 30, 40, 50, 60])
        // Opaque red and fully transparent: the transparent pixel shows the mid-grey background.
        let alpha = try ImageDecoder.decode(
            TestImages.png(
                width: 2, height: 1, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA), pixels: [255, 0, 0, 255, 0, 255, 0, 0]))
        #expect(alpha.pixels == [255, 0, 0, 128, 128, 128])
        let palette = try ImageDecoder.decode(
            TestImages.png(
                width: 2, height: 1, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP), pixels: [1, 0],
                colormap: [0, 0, 255, 0, 255, 0]))
        #expect(palette.pixels == [0, 255, 0, 0, 0, 255])
        // 16-bit linear white and black.
        let sixteen = try ImageDecoder.decode(
            TestImages.png(
                width: 2, height: 1, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_LINEAR),
                pixels: [255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0]))
        #expect(sixteen.pixels == [255, 255, 255, 0, 0, 0])
    }

    @Test("a PNG whose header claims more pixels than the limit is refused before its pixels are read")
    func pngTooLarge() throws {
        let bytes = TestImages.png(
            width: 300, height: 200, format: UInt32(PNG_FORMAT_RGB), pixels: [UInt8](repeating: 1, count: 300 * 200 * 3))
        let limits = DecodeLimits(maxSourcePixels: 50_000, maxDecodedPixels: 50_000)
        #expect(throws: ImageDecodeError.tooLarge(width: 300, height: 200)) { try ImageDecoder.decode(bytes, limits: limits) }
    }
}
