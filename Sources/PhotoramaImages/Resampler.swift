import Foundation

// MARK: - Area averaging
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
        let rowLength = size.width * 3
        // Each source row is filtered horizontally once, into `row`, then added (weighted) into the output
        // rows that cover it, in the order of their taps: the same sums as a whole horizontal pass followed
        // by a vertical one. An output row is turned into bytes as soon as its last source row is in, so
        // only the rows still open are kept in floats (`window` of them, a ring), never the whole picture:
        // for `show`'s 800×600 that was 5.8 MB of fresh pages to fault in.
        let window = rows.mostOpen(sourceCount: image.height)
        var row = [Float](repeating: 0, count: rowLength)
        var sums = [Float](repeating: 0, count: window * rowLength)
        let covering = rows.bySource(count: image.height)
        let scale = Float(SRGB.fromLinearSteps - 1)
        let out = [UInt8](unsafeUninitializedCapacity: size.height * rowLength) { target, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                SRGB.toLinear.withUnsafeBufferPointer { linear in
                    SRGB.fromLinear.withUnsafeBufferPointer { encode in
                        columns.withUnsafe { columnIndices, columnWeights, columnStarts in
                            rows.withUnsafe { rowIndices, rowWeights, rowStarts in
                                row.withUnsafeMutableBufferPointer { row in
                                    sums.withUnsafeMutableBufferPointer { sums in
                                        var next = 0  // the first output row not yet in bytes
                                        for y in 0..<image.height {
                                            let sourceRow = y * image.width * 3
                                            for x in 0..<size.width {
                                                var r: Float = 0
                                                var g: Float = 0
                                                var b: Float = 0
                                                for tap in columnStarts[x]..<columnStarts[x + 1] {
                                                    let weight = columnWeights[tap]
                                                    let index = sourceRow + columnIndices[tap] * 3
                                                    r += weight * linear[Int(source[index])]
                                                    g += weight * linear[Int(source[index + 1])]
                                                    b += weight * linear[Int(source[index + 2])]
                                                }
                                                row[x * 3] = r
                                                row[x * 3 + 1] = g
                                                row[x * 3 + 2] = b
                                            }
                                            for k in covering.starts[y]..<covering.starts[y + 1] {
                                                let weight = rowWeights[covering.taps[k]]
                                                let slot = covering.targets[k] % window * rowLength
                                                for i in 0..<rowLength {
                                                    sums[slot + i] += weight * row[i]
                                                }
                                            }
                                            // Output rows whose last tap was this source row are complete: back
                                            // to sRGB bytes, and their slot cleared for the row that reuses it.
                                            while next < size.height, rowIndices[rowStarts[next + 1] - 1] <= y {
                                                let slot = next % window * rowLength
                                                let outRow = next * rowLength
                                                for i in 0..<rowLength {
                                                    target[outRow + i] = encode[Int(min(max(sums[slot + i], 0), 1) * scale + 0.5)]
                                                    sums[slot + i] = 0
                                                }
                                                next += 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = size.height * rowLength
        }
        return RGBImage(width: size.width, height: size.height, pixels: out)
    }
}

// MARK: - Taps
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

    /// The most output positions that one source position's neighbourhood keeps open at once: those whose
    /// taps begin at or before it and end at or after it (taps are in source order, so they are adjacent).
    func mostOpen(sourceCount: Int) -> Int {
        let count = starts.count - 1
        var most = 1
        var low = 0
        var high = -1
        for source in 0..<sourceCount {
            while high + 1 < count, indices[starts[high + 1]] <= source { high += 1 }
            while low < count, indices[starts[low + 1] - 1] < source { low += 1 }
            most = max(most, high - low + 1)
        }
        return most
    }

    /// The taps by source position: source position s is used by targets[k] through tap taps[k] for k in
    /// starts[s] ..< starts[s + 1], targets in order. Flat arrays: nested ones were new types to make at
    /// run time, a cost in a short-lived `show`.
    func bySource(count sourceCount: Int) -> (starts: [Int], targets: [Int], taps: [Int]) {
        var starts = [Int](repeating: 0, count: sourceCount + 1)
        for index in indices { starts[index + 1] += 1 }
        for source in 0..<sourceCount { starts[source + 1] += starts[source] }
        var next = starts
        var targets = [Int](repeating: 0, count: indices.count)
        var taps = [Int](repeating: 0, count: indices.count)
        for target in 0..<(self.starts.count - 1) {
            for tap in range(target) {
                let source = indices[tap]
                targets[next[source]] = target
                taps[next[source]] = tap
                next[source] += 1
            }
        }
        return (starts, targets, taps)
    }

    /// The three tables as buffers, for the inner loops (no bounds checks or reference counting there).
    func withUnsafe<R>(
        _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Int>) -> R
    ) -> R {
        indices.withUnsafeBufferPointer { indices in
            weights.withUnsafeBufferPointer { weights in
                starts.withUnsafeBufferPointer { starts in body(indices, weights, starts) }
            }
        }
    }
}

// MARK: - sRGB
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
