/// Floyd–Steinberg error diffusion to the xterm palettes, for half blocks, whose pixels each take a
/// colour of their own. In linear light (light adds up, so that is what the eye averages) and in
/// serpentine order, so the error does not drift one way. Nearest-colour alone turns a slate grey or a
/// muted blue into one flat palette grey; diffused, an area keeps its mean colour.
enum PixelDiffusion {
    /// Half-block cells for `pixels` (columns × 2·rows), each pixel a palette entry of `depth`.
    static func halfBlocks(_ pixels: inout RGBImage, columns: Int, rows: Int, depth: ColorDepth) -> CellImage {
        let indices = diffuse(pixels, depth: depth)
        var cells: [ImageCell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                cells.append(
                    ImageCell(
                        character: "▀", foreground: .indexed(indices[2 * row * columns + column]),
                        background: .indexed(indices[(2 * row + 1) * columns + column])))
            }
        }
        return CellImage(columns: columns, rows: rows, cells: cells)
    }

    /// The palette index of every pixel, row-major.
    static func diffuse(_ image: RGBImage, depth: ColorDepth) -> [UInt8] {
        let width = image.width
        let linear = SRGB.toLinear
        var current = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var next = current
        var indices = [UInt8](repeating: 0, count: width * image.height)
        let p = image.pixels
        for y in 0..<image.height {
            swap(&current, &next)
            for index in next.indices { next[index] = .zero }
            let forward = y % 2 == 0
            for step in 0..<width {
                let x = forward ? step : width - 1 - step
                let offset = (y * width + x) * 3
                let wanted = SIMD3(linear[Int(p[offset])], linear[Int(p[offset + 1])], linear[Int(p[offset + 2])])
                let target = (wanted + current[x + 1]).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                let chosen = Palette.nearest(SRGBFloat.fromLinear(target), depth: depth)
                indices[y * width + x] = chosen.index
                let error = target - SRGBFloat.toLinear(chosen.color)
                // Ahead is +1 going right, -1 going left; the buffers are offset by one for the edges.
                let ahead = forward ? x + 2 : x
                let behind = forward ? x : x + 2
                current[ahead] += error * (7.0 / 16)
                next[behind] += error * (3.0 / 16)
                next[x + 1] += error * (5.0 / 16)
                next[ahead] += error * (1.0 / 16)
            }
        }
        return indices
    }
}
