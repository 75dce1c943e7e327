import Testing

@testable import PhotoramaImages

@Suite("EXIF orientation")
struct OrientationTests {
    /// 3×2 pixels, each a distinct grey: stored row-major as a b c / d e f.
    let stored = RGBImage(width: 3, height: 2, pixels: [10, 20, 30, 40, 50, 60].flatMap { [UInt8($0), UInt8($0), UInt8($0)] })

    func greys(_ image: RGBImage) -> [Int] { stride(from: 0, to: image.pixels.count, by: 3).map { Int(image.pixels[$0]) } }

    @Test(
        "orientations 1–8 turn the stored pixels upright",
        arguments: [
            (1, 3, [10, 20, 30, 40, 50, 60]),
            (2, 3, [30, 20, 10, 60, 50, 40]),
            (3, 3, [60, 50, 40, 30, 20, 10]),
            (4, 3, [40, 50, 60, 10, 20, 30]),
            (5, 2, [10, 40, 20, 50, 30, 60]),
            (6, 2, [40, 10, 50, 20, 60, 30]),
            (7, 2, [60, 30, 50, 20, 40, 10]),
            (8, 2, [30, 60, 20, 50, 10, 40]),
        ])
    func orientations(value: Int, width: Int, expected: [Int]) {
        let upright = ExifOrientation(value: value).apply(to: stored)
        #expect(upright.width == width)
        #expect(greys(upright) == expected)
    }

    @Test("the tag is read from a real JPEG's APP1 segment and applied, swapping width and height for 6")
    func fromJPEG() throws {
        let jpeg = TestImages.jpeg(TestImages.pattern(width: 64, height: 32))
        #expect(ExifOrientation.read(jpeg.span) == ExifOrientation(value: 1))
        let turned = TestImages.withOrientation(jpeg, 6)
        #expect(ExifOrientation.read(turned.span) == ExifOrientation(value: 6))
        let image = try ImageDecoder.decode(turned)
        #expect(image.width == 32 && image.height == 64)
    }
}
