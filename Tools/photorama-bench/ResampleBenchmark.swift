import DemoServer
import Foundation
import PhotoramaImages

/// `photorama-bench images resample [--runs N]`: the resampling step alone, in-process, on the shapes `show`
/// and the browser ask for, from the 4000×3000 sample decoded as `show` decodes it: the median time, and
/// its fidelity as the mean absolute error (8-bit sRGB levels) against an exact box
/// filter in doubles, averaging light (linear) and, for comparison, averaging the sRGB values themselves.
enum ResampleBenchmark {
    /// One shape: what is decoded (covering `covering`, as `show` asks) and the size it is resampled to.
    struct Shape {
        let name: String
        let covering: PixelSize
        let target: PixelSize
    }

    static let shapes = [
        Shape(
            name: "show 80x40, kitty/sixel (10x20 cells)", covering: PixelSize(width: 800, height: 1),
            target: PixelSize(width: 800, height: 600)),
        Shape(name: "show 80x40, half blocks", covering: PixelSize(width: 80, height: 80), target: PixelSize(width: 80, height: 60)),
        Shape(
            name: "thumbnail 24x8 cells, half blocks", covering: PixelSize(width: 24, height: 16), target: PixelSize(width: 24, height: 16)),
    ]

    /// The one resampler; BoxScaling (integer box filter over whole source pixels, sRGB values) was
    /// measured here against it before it went (docs/PERFORMANCE.md).
    static let resamplers: [(name: String, resize: @Sendable (RGBImage, PixelSize) -> RGBImage)] = [
        ("Resampler.areaAverage", Resampler.areaAverage)
    ]

    static func run(_ arguments: [String]) throws {
        let runs = ImagesBenchmark.runCount(arguments)
        let jpeg = SampleImage.jpeg(width: 4000, height: 3000)
        print(
            "resampling alone, in-process, \(runs) runs each after one warm-up; MAE in sRGB levels against an exact box filter (linear light / sRGB values)"
        )
        for shape in shapes {
            let image = try ImageDecoder.decode(jpeg, covering: shape.covering)
            let linear = exactBox(image, to: shape.target, linearLight: true)
            let values = exactBox(image, to: shape.target, linearLight: false)
            print("\(shape.name): \(image.width)×\(image.height) → \(shape.target.width)×\(shape.target.height)")
            for resampler in resamplers {
                let out = resampler.resize(image, shape.target)
                var times: [Double] = []
                let clock = ContinuousClock()
                for _ in 0..<runs {
                    let start = clock.now
                    let again = resampler.resize(image, shape.target)
                    times.append(ImagesBenchmark.milliseconds(clock.now - start))
                    guard again == out else { throw BenchmarkFailure("\(resampler.name) is not deterministic") }
                }
                print(
                    String(
                        format: "  %@: median %.3f ms (min %.3f); MAE %.3f / %.3f", resampler.name, ImagesBenchmark.median(times),
                        times.min() ?? 0, meanAbsoluteError(out, linear), meanAbsoluteError(out, values)))
            }
        }
    }

    /// Each output pixel the area-weighted mean of the source area it covers, in doubles: in linear light
    /// (then encoded back to sRGB), or of the sRGB values as they are. In 0…255, unrounded.
    static func exactBox(_ image: RGBImage, to size: PixelSize, linearLight: Bool) -> [Double] {
        func decode(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func encode(_ light: Double) -> Double {
            (light <= 0.0031308 ? light * 12.92 : 1.055 * pow(light, 1 / 2.4) - 0.055) * 255
        }
        let source = image.pixels.map { linearLight ? decode($0) : Double($0) }
        let xRatio = Double(image.width) / Double(size.width)
        let yRatio = Double(image.height) / Double(size.height)
        var out = [Double](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            let top = Double(y) * yRatio
            let bottom = Double(y + 1) * yRatio
            for x in 0..<size.width {
                let left = Double(x) * xRatio
                let right = Double(x + 1) * xRatio
                var sums = (0.0, 0.0, 0.0)
                var area = 0.0
                var row = Int(top)
                while Double(row) < bottom, row < image.height {
                    let height = min(bottom, Double(row + 1)) - max(top, Double(row))
                    var column = Int(left)
                    while Double(column) < right, column < image.width {
                        let weight = height * (min(right, Double(column + 1)) - max(left, Double(column)))
                        let index = (row * image.width + column) * 3
                        sums.0 += weight * source[index]
                        sums.1 += weight * source[index + 1]
                        sums.2 += weight * source[index + 2]
                        area += weight
                        column += 1
                    }
                    row += 1
                }
                let index = (y * size.width + x) * 3
                for (channel, sum) in [sums.0, sums.1, sums.2].enumerated() {
                    out[index + channel] = linearLight ? encode(sum / area) : sum / area
                }
            }
        }
        return out
    }

    static func meanAbsoluteError(_ image: RGBImage, _ reference: [Double]) -> Double {
        guard image.pixels.count == reference.count, !reference.isEmpty else { return .nan }
        return zip(image.pixels, reference).reduce(0) { $0 + abs(Double($1.0) - $1.1) } / Double(reference.count)
    }
}
