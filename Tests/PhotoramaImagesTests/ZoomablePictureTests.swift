import CPNG
import CTurboJPEG
import Testing

@testable import PhotoramaImages

@Suite("Zoom: decoding one region of a picture")
struct ZoomablePictureTests {
    /// A gradient crossed by 1-pixel white lines every 8 pixels (columns and rows 3, 11, 19 …): detail that
    /// any shift, smear or wrong scale shows. Odd sizes, so the right and bottom iMCUs are partial.
    static let lines: RGBImage = {
        let width = 203
        let height = 157
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                let line = x % 8 == 3 || y % 8 == 3
                pixels[index] = line ? 255 : UInt8(x * 200 / width)
                pixels[index + 1] = line ? 255 : UInt8(y * 200 / height)
                pixels[index + 2] = line ? 255 : 60
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }()

    /// The lines at quality 100 through the project's encoder (4:4:4).
    static let linesJPEG: [UInt8] = (try? JPEGEncoding.encode(lines, quality: 100)) ?? []

    /// The lines at quality 100 in 4:2:0, as cameras write: chroma is upsampled, so a crop's edges matter.
    static let lines420: [UInt8] = {
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = lines.pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(lines.width), 0, Int32(lines.height), Int32(TJPF_RGB.rawValue), &output, &size,
                Int32(TJSAMP_420.rawValue), 100, 0)
        }
        guard status == 0, let output else { return [] }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }()

    /// The largest difference of any channel between two images of one size (Int.max when the sizes differ).
    static func maxDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        guard a.size == b.size else { return Int.max }
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    static let regions = [
        Rect(row: 0, column: 0, width: 203, height: 157),
        Rect(row: 21, column: 37, width: 90, height: 60),
        Rect(row: 8, column: 8, width: 16, height: 16),
        Rect(row: 100, column: 150, width: 53, height: 57),
        Rect(row: 150, column: 1, width: 200, height: 7),
    ]

    // MARK: - 1:1
    @Test("at 1:1 a region equals the same region of the whole decoded picture (4:4:4 and 4:2:0, quality 100)")
    func fullScale() throws {
        for jpeg in [Self.linesJPEG, Self.lines420] {
            let picture = try ZoomablePicture(bytes: jpeg)
            let whole = try ImageDecoder.decode(jpeg)
            #expect(picture.size == PixelSize(width: 203, height: 157))
            for region in Self.regions {
                let pixels = try picture.pixels(of: region, fitting: region.size, usingCache: false)
                #expect(Self.maxDifference(pixels, region.crop(whole)) == 0, "\(region)")
            }
        }
    }

    @Test("a target larger than the region gives the region at 1:1, for the caller to enlarge")
    func largerTarget() throws {
        let picture = try ZoomablePicture(bytes: Self.linesJPEG)
        let region = Rect(row: 30, column: 40, width: 20, height: 10)
        let pixels = try picture.pixels(of: region, fitting: PixelSize(width: 200, height: 100))
        #expect(pixels.size == region.size)
        #expect(Self.maxDifference(pixels, region.crop(try ImageDecoder.decode(Self.linesJPEG))) == 0)
    }

    // MARK: - Scaled
    @Test("at 1/2 and 1/8 the result is exactly the target, decoded at that DCT scale")
    func scaled() throws {
        let picture = try ZoomablePicture(bytes: Self.linesJPEG)
        let region = Rect(row: 0, column: 0, width: 200, height: 152)
        #expect(picture.eighths(for: region, covering: PixelSize(width: 100, height: 76)) == 4)
        #expect(picture.eighths(for: region, covering: PixelSize(width: 25, height: 19)) == 1)
        #expect(picture.eighths(for: region, covering: PixelSize(width: 101, height: 76)) == 5)
        let half = try picture.pixels(of: region, fitting: PixelSize(width: 100, height: 76))
        #expect(half.size == PixelSize(width: 100, height: 76))
        let eighth = try picture.pixels(of: region, fitting: PixelSize(width: 25, height: 19))
        #expect(eighth.size == PixelSize(width: 25, height: 19))
        // At 1/2 an aligned region is TurboJPEG's half-scale decode of the whole, cropped.
        let wholeHalf = try ImageDecoder.decode(Self.linesJPEG, covering: PixelSize(width: 102, height: 79))
        #expect(wholeHalf.size == PixelSize(width: 102, height: 79))
        #expect(Self.maxDifference(half, Rect(row: 0, column: 0, width: 100, height: 76).crop(wholeHalf)) == 0)
    }

    // MARK: - Orientation
    @Test("orientation 6: a white block stored top-left is shown top-right, and every region matches the whole decode")
    func orientationSix() throws {
        var stored = TestImages.solid(width: 64, height: 32, 0, 0, 0)
        for y in 0..<8 {
            for x in 0..<8 { stored.pixels.replaceSubrange(((y * 64 + x) * 3)..<((y * 64 + x) * 3 + 3), with: [255, 255, 255]) }
        }
        let jpeg = TestImages.withOrientation(try JPEGEncoding.encode(stored, quality: 100), 6)
        let picture = try ZoomablePicture(bytes: jpeg)
        #expect(picture.size == PixelSize(width: 32, height: 64))
        let topRight = try picture.pixels(of: Rect(row: 0, column: 24, width: 8, height: 8), fitting: PixelSize(width: 8, height: 8))
        #expect(Array(topRight.pixels.prefix(3)) == [255, 255, 255])
        #expect(Array(topRight.pixels.suffix(3)) == [255, 255, 255])
        let topLeft = try picture.pixels(of: Rect(row: 0, column: 0, width: 8, height: 8), fitting: PixelSize(width: 8, height: 8))
        #expect(Array(topLeft.pixels.prefix(3)) == [0, 0, 0])
    }

    @Test("every EXIF orientation maps regions to the stored pixels they come from", arguments: 1...8)
    func orientations(value: Int) throws {
        let jpeg = TestImages.withOrientation(Self.lines420, UInt8(value))
        let picture = try ZoomablePicture(bytes: jpeg)
        let whole = try ImageDecoder.decode(jpeg)
        #expect(picture.size == whole.size)
        for region in [Rect(row: 9, column: 5, width: 40, height: 30), Rect(row: 120, column: 100, width: 57, height: 37)] {
            let inside = region.clamped(to: whole.size)
            let pixels = try picture.pixels(of: inside, fitting: inside.size, usingCache: false)
            #expect(Self.maxDifference(pixels, inside.crop(whole)) == 0, "\(region)")
        }
    }

    // MARK: - Clamping
    @Test("a region partly outside is cut to the picture (and the target with it); one wholly outside has no pixels")
    func clamped() throws {
        let picture = try ZoomablePicture(bytes: Self.linesJPEG)
        let whole = try ImageDecoder.decode(Self.linesJPEG)
        let pixels = try picture.pixels(of: Rect(row: 150, column: 190, width: 50, height: 50), fitting: PixelSize(width: 50, height: 50))
        #expect(pixels.size == PixelSize(width: 13, height: 7))
        #expect(Self.maxDifference(pixels, Rect(row: 150, column: 190, width: 13, height: 7).crop(whole)) == 0)
        let left = try picture.pixels(of: Rect(row: -10, column: -20, width: 40, height: 30), fitting: PixelSize(width: 20, height: 15))
        #expect(left.size == PixelSize(width: 10, height: 10))
        #expect(throws: ImageDecodeError.noPixels) {
            try picture.pixels(of: Rect(row: 0, column: 300, width: 10, height: 10), fitting: PixelSize(width: 10, height: 10))
        }
    }

    // MARK: - Colour spaces and progressive files
    @Test(
        "progressive, greyscale and CMYK JPEGs: a region equals the whole decode's",
        arguments: [
            TestImages.Kind.progressive, .grey, .cmyk,
        ])
    func kinds(kind: TestImages.Kind) throws {
        let jpeg = TestImages.jpeg(TestImages.pattern(width: 150, height: 100), kind: kind)
        let picture = try ZoomablePicture(bytes: jpeg)
        let whole = try ImageDecoder.decode(jpeg)
        let region = Rect(row: 17, column: 33, width: 70, height: 50)
        #expect(Self.maxDifference(try picture.pixels(of: region, fitting: region.size), region.crop(whole)) == 0)
    }

    @Test("a PNG is decoded whole and cropped")
    func png() throws {
        let image = TestImages.pattern(width: 60, height: 40)
        let picture = try ZoomablePicture(
            bytes: TestImages.png(width: 60, height: 40, format: UInt32(PNG_FORMAT_RGB), pixels: image.pixels))
        let region = Rect(row: 5, column: 10, width: 30, height: 20)
        #expect(try picture.pixels(of: region, fitting: region.size) == region.crop(image))
        #expect(try picture.pixels(of: region, fitting: PixelSize(width: 15, height: 10)).size == PixelSize(width: 15, height: 10))
    }

    // MARK: - Hostile files
    @Test("a truncated JPEG: the region that reaches past the data is corrupt")
    func truncated() throws {
        let cut = Array(Self.linesJPEG.prefix(Self.linesJPEG.count / 2))
        let picture = try ZoomablePicture(bytes: cut)
        #expect(throws: ImageDecodeError.corrupt(format: "JPEG")) {
            try picture.pixels(of: Rect(row: 100, column: 0, width: 203, height: 57), fitting: PixelSize(width: 203, height: 57))
        }
    }

    @Test("a 50-megapixel header over a tiny body is read, and its regions are refused as corrupt")
    func hugeHeaderTinyBody() throws {
        let jpeg = TestImages.withDimensions(Self.linesJPEG, width: 8660, height: 5773)
        let picture = try ZoomablePicture(bytes: jpeg)
        #expect(picture.size == PixelSize(width: 8660, height: 5773))
        #expect(throws: ImageDecodeError.corrupt(format: "JPEG")) {
            try picture.pixels(of: Rect(row: 3000, column: 4000, width: 1200, height: 800), fitting: PixelSize(width: 1200, height: 800))
        }
        #expect(throws: ImageDecodeError.corrupt(format: "JPEG")) {
            try picture.pixels(of: Rect(row: 0, column: 0, width: 8660, height: 5773), fitting: PixelSize(width: 120, height: 80))
        }
        #expect(throws: ImageDecodeError.tooLarge(width: 30000, height: 20000)) {
            try ZoomablePicture(bytes: TestImages.withDimensions(Self.linesJPEG, width: 30000, height: 20000))
        }
    }

    @Test("a progressive file whose coefficients need more than libjpeg may use is too large, not corrupt")
    func progressiveOverMemory() throws {
        let jpeg = TestImages.jpeg(TestImages.pattern(width: 400, height: 300), kind: .progressive)
        let header = try JPEGRegionDecoder.header(jpeg, limits: .zoom)
        #expect(header.progressive)
        let region = Rect(row: 0, column: 0, width: 10, height: 10)
        #expect(throws: ImageDecodeError.tooLarge(width: 400, height: 300)) {
            try JPEGRegionDecoder.decode(jpeg, header: header, eighths: 8, region: region, maxMemory: 100_000)
        }
        #expect(try JPEGRegionDecoder.decode(jpeg, header: header, eighths: 8, region: region).size == region.size)
    }

    @Test("bytes that are not a picture are refused as ImageDecoder refuses them")
    func notAPicture() {
        #expect(throws: ImageDecodeError.empty) { try ZoomablePicture(bytes: []) }
        #expect(throws: ImageDecodeError.notAnImage) { try ZoomablePicture(bytes: Array("<html>".utf8)) }
        #expect(throws: ImageDecodeError.corrupt(format: "JPEG")) { try ZoomablePicture(bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 2]) }
    }

    // MARK: - The pan cache
    @Test("a pan step inside the kept band is cropped from it, and equals an uncached decode", arguments: [8, 4])
    func panCache(eighths: Int) throws {
        let jpeg = Self.lines420
        let picture = try ZoomablePicture(bytes: jpeg)
        let view = PixelSize(width: 40 * eighths / 8, height: 30 * eighths / 8)
        let first = try picture.pixels(of: Rect(row: 50, column: 60, width: 40, height: 30), fitting: view)
        let band = try #require(picture.cache.kept)
        #expect(band.eighths == eighths)
        for step in 1...6 {
            let region = Rect(row: 50 - step * 3, column: 60 + step * 5, width: 40, height: 30)
            let cached = try picture.pixels(of: region, fitting: view)
            #expect(picture.cache.kept?.region == band.region, "step \(step) stayed in the band")
            #expect(cached == (try picture.pixels(of: region, fitting: view, usingCache: false)), "step \(step)")
        }
        #expect(first == (try picture.pixels(of: Rect(row: 50, column: 60, width: 40, height: 30), fitting: view, usingCache: false)))
    }
}
