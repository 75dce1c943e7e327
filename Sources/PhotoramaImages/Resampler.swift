import Foundation

/// Shrinking (or enlarging) pixels with an exact box filter: each output pixel is the average of the
/// source area it covers, fractional edges weighted by how much of them it covers. Averaging happens in
/// linear light, so fine detail neither shimmers (as a nearest-pixel pick does) nor darkens.
public enum Resampler {
    public static func areaAverage(_ image: RGBImage, to size: PixelSize) -> RGBImage {
        guard image.width > 0, image.height > 0, size.width > 0, size.height > 0 else {
            return RGBImage(width: 0, height: 0, pixels: [])
        }
        if size == image.size { return image }
        let columns = Taps(source: image.width, target: size.width)
        let rows = Taps(source: image.height, target: size.height)
        let linear = SRGB.toLinear
        // Horizontal pass: every source row to `size.width` linear pixels.
        var horizontal = [Float](repeating: 0, count: image.height * size.width * 3)
        image.pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let sourceRow = y * image.width * 3
                    let targetRow = y * size.width * 3
                    for x in 0..<size.width {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for tap in columns.range(x) {
                            let weight = columns.weights[tap]
                            let index = sourceRow + columns.indices[tap] * 3
                            r += weight * linear[Int(source[index])]
                            g += weight * linear[Int(source[index + 1])]
                            b += weight * linear[Int(source[index + 2])]
                        }
                        target[targetRow + x * 3] = r
                        target[targetRow + x * 3 + 1] = g
                        target[targetRow + x * 3 + 2] = b
                    }
                }
            }
        }
        // Vertical pass, back to sRGB bytes.
        var out = [UInt8](repeating: 0, count: size.width * size.height * 3)
        let encode = SRGB.fromLinear
        let scale = Float(SRGB.fromLinearSteps - 1)
        horizontal.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                let rowLength = size.width * 3
                for y in 0..<size.height {
                    let targetRow = y * rowLength
                    for i in 0..<rowLength {
                        var sum: Float = 0
                        for tap in rows.range(y) {
                            sum += rows.weights[tap] * source[rows.indices[tap] * rowLength + i]
                        }
                        let index = Int(min(max(sum, 0), 1) * scale + 0.5)
                        target[targetRow + i] = encode[index]
                    }
                }
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: out)
    }
}

/// For each output position, the source positions it covers and their weights (summing to 1).
struct Taps {
    var indices: [Int] = []
    var weights: [Float] = []
    /// Output position i uses taps starts[i] ..< starts[i + 1].
    var starts: [Int] = [0]

    init(source: Int, target: Int) {
        let ratio = Double(source) / Double(target)
        for position in 0..<target {
            let left = Double(position) * ratio
            let right = Double(position + 1) * ratio
            if ratio <= 1 {
                // Enlarging: the one source pixel under the centre.
                indices.append(min(source - 1, Int((left + right) / 2)))
                weights.append(1)
            } else {
                var index = Int(left)
                while Double(index) < right, index < source {
                    let covered = min(right, Double(index + 1)) - max(left, Double(index))
                    if covered > 1e-9 {
                        indices.append(index)
                        weights.append(Float(covered / ratio))
                    }
                    index += 1
                }
            }
            starts.append(indices.count)
        }
    }

    func range(_ position: Int) -> Range<Int> { starts[position]..<starts[position + 1] }
}

/// sRGB transfer curves as tables.
enum SRGB {
    static let toLinear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : Float(pow(Double((c + 0.055) / 1.055), 2.4))
    }

    static let fromLinearSteps = 4096
    static let fromLinear: [UInt8] = (0..<fromLinearSteps).map { step in
        let l = Double(step) / Double(fromLinearSteps - 1)
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }
}
