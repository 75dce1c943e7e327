import PhotoramaLocking
import Testing

@testable import PhotoramaImages

/// `Resampler.areaAverage` filters each source row once and adds it into the output rows that cover it.
/// It must give exactly the bytes of the plain two-pass box filter it replaced (a whole horizontal pass,
/// then a vertical one): the same weights, added in the same order.
@Suite struct ResamplerStreamingTests {
    /// The two-pass filter as it was, kept here as the reference.
    static func twoPass(_ image: RGBImage, to size: PixelSize) -> RGBImage {
        let columns = Taps(source: image.width, target: size.width)
        let rows = Taps(source: image.height, target: size.height)
        var horizontal = [Float](repeating: 0, count: image.height * size.width * 3)
        for y in 0..<image.height {
            for x in 0..<size.width {
                var r: Float = 0
                var g: Float = 0
                var b: Float = 0
                for tap in columns.range(x) {
                    let weight = columns.weights[tap]
                    let index = (y * image.width + columns.indices[tap]) * 3
                    r += weight * SRGB.toLinear[Int(image.pixels[index])]
                    g += weight * SRGB.toLinear[Int(image.pixels[index + 1])]
                    b += weight * SRGB.toLinear[Int(image.pixels[index + 2])]
                }
                horizontal[(y * size.width + x) * 3] = r
                horizontal[(y * size.width + x) * 3 + 1] = g
                horizontal[(y * size.width + x) * 3 + 2] = b
            }
        }
        var out = [UInt8](repeating: 0, count: size.width * size.height * 3)
        let rowLength = size.width * 3
        let scale = Float(SRGB.fromLinearSteps - 1)
        for y in 0..<size.height {
            for i in 0..<rowLength {
                var sum: Float = 0
                for tap in rows.range(y) {
                    sum += rows.weights[tap] * horizontal[rows.indices[tap] * rowLength + i]
                }
                out[y * rowLength + i] = SRGB.fromLinear[Int(min(max(sum, 0), 1) * scale + 0.5)]
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: out)
    }

    /// A small linear congruential generator: the same images on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func noise(width: Int, height: Int, numbers: inout Numbers) -> RGBImage {
        RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { _ in UInt8(numbers.next(256)) })
    }

    @Test("300 random images and sizes, shrinking, enlarging and mixed: the same bytes as two passes")
    func randomSizes() async {
        // 300 reference filters in a debug build: on a thread of its own, not the pool's.
        let differing = await OwnThread.run {
            var numbers = Numbers(state: 2026_11_25)
            var differing: [String] = []
            for _ in 0..<300 {
                let image = Self.noise(width: 1 + numbers.next(60), height: 1 + numbers.next(60), numbers: &numbers)
                let size = PixelSize(width: 1 + numbers.next(70), height: 1 + numbers.next(70))
                if Resampler.areaAverage(image, to: size) != Self.twoPass(image, to: size) {
                    differing.append("\(image.width)×\(image.height) to \(size.width)×\(size.height)")
                }
            }
            return differing
        }
        #expect(differing == [])
    }

    @Test("a 12-megapixel photo decoded at 1/8 (500×375) drawn in 80×60 pixels: the same bytes as two passes")
    func showSize() {
        var numbers = Numbers(state: 7)
        let image = Self.noise(width: 500, height: 375, numbers: &numbers)
        let size = PixelSize(width: 80, height: 60)
        #expect(Resampler.areaAverage(image, to: size) == Self.twoPass(image, to: size))
    }
}
