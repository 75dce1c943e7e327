/// A plain box filter, integer arithmetic: each output pixel is the mean of the source pixels its area
/// covers (whole pixels; at least one). Stands in until the shared resampler (`Resampler.areaAverage`)
/// is there; `photorama show` with kitty or sixel is its only caller, so swapping it is one line.
public enum BoxScaling {
    public static func resize(_ image: RGBImage, to size: PixelSize) -> RGBImage {
        guard image.width > 0, image.height > 0, size.width > 0, size.height > 0 else {
            return RGBImage(width: 0, height: 0, pixels: [])
        }
        if image.size == size { return image }
        // Source spans per output column and row, computed once.
        func spans(_ source: Int, _ target: Int) -> [(Int, Int)] {
            (0..<target).map { index in
                let start = index * source / target
                return (start, max(start + 1, (index + 1) * source / target))
            }
        }
        let columns = spans(image.width, size.width)
        let rows = spans(image.height, size.height)
        var out = [UInt8](repeating: 0, count: size.width * size.height * 3)
        var sums = [Int](repeating: 0, count: size.width * 3)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for (y, (top, bottom)) in rows.enumerated() {
                    for index in sums.indices { sums[index] = 0 }
                    for sourceRow in top..<bottom {
                        let rowStart = sourceRow * image.width * 3
                        for (x, (left, right)) in columns.enumerated() {
                            var r = 0, g = 0, b = 0
                            var offset = rowStart + left * 3
                            for _ in left..<right {
                                r += Int(source[offset]); g += Int(source[offset + 1]); b += Int(source[offset + 2])
                                offset += 3
                            }
                            sums[x * 3] += r; sums[x * 3 + 1] += g; sums[x * 3 + 2] += b
                        }
                    }
                    let outRow = y * size.width * 3
                    for (x, (left, right)) in columns.enumerated() {
                        let count = (right - left) * (bottom - top)
                        for channel in 0..<3 {
                            target[outRow + x * 3 + channel] = UInt8((sums[x * 3 + channel] + count / 2) / count)
                        }
                    }
                }
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: out)
    }
}
