import PhotoramaImages

/// Pixels a real terminal shows (8-bit RGB, row-major), with the size of its cells so a test can cut out
/// the cells a picture should cover and compare them with the picture's source.
struct Screenshot: Equatable, Sendable {
    let width: Int
    let height: Int
    let pixels: [UInt8]
    let cellWidth: Int
    let cellHeight: Int

    /// A rectangle of cells: the column and row of its top-left cell, and its size in cells.
    struct Cells: Equatable, Sendable, CustomStringConvertible {
        var column: Int
        var row: Int
        var columns: Int
        var rows: Int

        var description: String { "\(columns)×\(rows) cells at column \(column), row \(row)" }
    }

    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// The pixels of `cells` (clipped to the screenshot).
    func cells(_ cells: Cells) -> RGBImage {
        let left = max(0, cells.column * cellWidth)
        let top = max(0, cells.row * cellHeight)
        let right = min(width, (cells.column + cells.columns) * cellWidth)
        let bottom = min(height, (cells.row + cells.rows) * cellHeight)
        guard right > left, bottom > top else { return RGBImage(width: 0, height: 0, pixels: []) }
        var cut: [UInt8] = []
        cut.reserveCapacity((right - left) * (bottom - top) * 3)
        for y in top..<bottom {
            cut += pixels[((y * width + left) * 3)..<((y * width + right) * 3)]
        }
        return RGBImage(width: right - left, height: bottom - top, pixels: cut)
    }

    /// The smallest rectangle of whole cells holding every pixel that differs from `background`; nil when
    /// none does. Where a picture landed, when nothing else is on the screen.
    func paintedCells(background: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> Cells? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != background {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let column = minX / cellWidth
        let row = minY / cellHeight
        return Cells(column: column, row: row, columns: maxX / cellWidth - column + 1, rows: maxY / cellHeight - row + 1)
    }

    /// How many pixels differ from `other`'s (every pixel when the sizes differ).
    func differingPixels(from other: Screenshot) -> Int {
        guard other.width == width, other.height == height else { return max(width * height, other.width * other.height) }
        var count = 0
        for index in stride(from: 0, to: pixels.count, by: 3)
        where pixels[index] != other.pixels[index] || pixels[index + 1] != other.pixels[index + 1]
            || pixels[index + 2] != other.pixels[index + 2]
        {
            count += 1
        }
        return count
    }

    /// The share (0…1) of `cells`' pixels that are not `background`: whether a picture is painted there.
    func paintedShare(of area: Cells, background: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> Double {
        let cut = cells(area)
        guard cut.width > 0 else { return 0 }
        var painted = 0
        for index in stride(from: 0, to: cut.pixels.count, by: 3)
        where (cut.pixels[index], cut.pixels[index + 1], cut.pixels[index + 2]) != background {
            painted += 1
        }
        return Double(painted) / Double(cut.width * cut.height)
    }

    /// How many different colours the pixels have: text and frames give a few dozen (antialiased glyphs),
    /// photographs thousands; whether pictures are on the screen at all.
    var distinctColours: Int {
        var seen = Set<UInt32>()
        for index in stride(from: 0, to: pixels.count, by: 3) {
            seen.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
        }
        return seen.count
    }

    /// As a binary PPM (P6), for a person to look at after a failure.
    var ppm: [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8) + pixels
    }
}

/// How close two pictures of the same size are: the mean absolute difference per channel (0…255), the
/// fidelity figure of docs/PERFORMANCE.md.
enum PictureError {
    static func meanAbsolute(_ a: RGBImage, _ b: RGBImage) -> Double? {
        guard a.width == b.width, a.height == b.height, a.width > 0 else { return nil }
        var sum = 0
        for index in 0..<a.pixels.count {
            sum += abs(Int(a.pixels[index]) - Int(b.pixels[index]))
        }
        return Double(sum) / Double(a.pixels.count)
    }

    /// `source` reduced to `width`×`height` by averaging the source pixels each target pixel covers
    /// (fractional coverage at the edges), in 8-bit sRGB: the reference a terminal's pixels are compared with.
    static func boxFiltered(_ source: RGBImage, width: Int, height: Int) -> RGBImage {
        let scaleX = Double(source.width) / Double(width)
        let scaleY = Double(source.height) / Double(height)
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let top = Double(y) * scaleY
            let bottom = top + scaleY
            for x in 0..<width {
                let left = Double(x) * scaleX
                let right = left + scaleX
                var sums = (0.0, 0.0, 0.0)
                var total = 0.0
                var sy = Int(top)
                while Double(sy) < bottom, sy < source.height {
                    let coverY = min(bottom, Double(sy + 1)) - max(top, Double(sy))
                    var sx = Int(left)
                    while Double(sx) < right, sx < source.width {
                        let weight = coverY * (min(right, Double(sx + 1)) - max(left, Double(sx)))
                        let index = (sy * source.width + sx) * 3
                        sums.0 += weight * Double(source.pixels[index])
                        sums.1 += weight * Double(source.pixels[index + 1])
                        sums.2 += weight * Double(source.pixels[index + 2])
                        total += weight
                        sx += 1
                    }
                    sy += 1
                }
                let index = (y * width + x) * 3
                out[index] = UInt8(min(255, (sums.0 / total).rounded()))
                out[index + 1] = UInt8(min(255, (sums.1 / total).rounded()))
                out[index + 2] = UInt8(min(255, (sums.2 / total).rounded()))
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }

    /// How far `shot`'s `cells` are from `source` fitted to them.
    static func meanAbsolute(of cells: Screenshot.Cells, in shot: Screenshot, against source: RGBImage) -> Double? {
        let painted = shot.cells(cells)
        return meanAbsolute(painted, boxFiltered(source, width: painted.width, height: painted.height))
    }
}
