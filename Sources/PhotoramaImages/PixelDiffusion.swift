/// Half blocks in the xterm palettes, each pixel a palette entry of its own, dithered as `DitherMode`
/// says. Diffusion is Floyd–Steinberg in linear light (light adds up, so that is what the eye averages) and
/// in serpentine order, so the error does not drift one way; it travels only between pixels whose colours
/// differ (`DiffusionGuard`), so a flat area is one entry, not a checkerboard of two.
enum PixelDiffusion {
    /// Half-block cells for `pixels` (columns × 2·rows), each pixel a palette entry of `depth`; `carried`:
    /// the share of the error diffusion carries on (nil: `carried(depth)`).
    static func halfBlocks(
        _ pixels: RGBImage, columns: Int, rows: Int, depth: ColorDepth, dither: DitherMode, carried: Float? = nil
    ) -> CellImage {
        let indices: [UInt8]
        switch dither {
        case .none: indices = nearest(pixels, depth: depth, offset: { _, _ in 0 })
        case .ordered:
            // Half the distance between neighbouring entries either way: 40 levels in the 256 cube, 128 in the sixteen.
            let amplitude: Float = depth == .palette16 ? 128 : 40
            indices = nearest(pixels, depth: depth) { x, y in (Dither.bayer[(y & 3) * 4 + (x & 3)] - 0.5) * amplitude }
        case .diffusion: indices = diffuse(pixels, depth: depth, carried: carried ?? Self.carried(depth))
        }
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

    /// Each pixel's nearest entry after `offset(x, y)` is added to its channels (sRGB 0…255).
    static func nearest(_ image: RGBImage, depth: ColorDepth, offset: (Int, Int) -> Float) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let p = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let index = (y * image.width + x) * 3
                let value = SIMD3(Float(p[index]), Float(p[index + 1]), Float(p[index + 2])) + SIMD3(repeating: offset(x, y))
                indices[y * image.width + x] = Palette.nearest(value, depth: depth).index
            }
        }
        return indices
    }

    /// The share of a pixel's error carried on: in 256 colours 0.4, where the whole error pushes
    /// neighbours to entries further from their own colour and both the per-pixel and the blurred error
    /// fall with less (the synthetic sample and the photographs, docs/PERFORMANCE.md, issue 41); the
    /// sixteen are too far apart for anything but the whole error to keep a cell's mean.
    static func carried(_ depth: ColorDepth) -> Float { depth == .palette256 ? 0.4 : 1 }

    /// The palette index of every pixel, row-major.
    static func diffuse(_ image: RGBImage, depth: ColorDepth, carried: Float) -> [UInt8] {
        let width = image.width
        let linear = SRGB.toLinear
        var current = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var next = current
        var indices = [UInt8](repeating: 0, count: width * image.height)
        let p = image.pixels
        func source(_ x: Int, _ y: Int) -> SIMD3<Float> {
            let offset = (y * width + x) * 3
            return SIMD3(Float(p[offset]), Float(p[offset + 1]), Float(p[offset + 2]))
        }
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
                let error = (target - SRGBFloat.toLinear(chosen.color)) * carried
                let here = source(x, y)
                // Ahead is +1 going right, -1 going left; the buffers are offset by one for the edges.
                let direction = forward ? 1 : -1
                func carry(_ dx: Int, _ dy: Int, _ weight: Float) {
                    let nx = x + dx * direction
                    guard nx >= 0, nx < width, y + dy < image.height, DiffusionGuard.differ(here, source(nx, y + dy)) else { return }
                    if dy == 0 { current[nx + 1] += error * weight } else { next[nx + 1] += error * weight }
                }
                carry(1, 0, 7.0 / 16)
                carry(-1, 1, 3.0 / 16)
                carry(0, 1, 5.0 / 16)
                carry(1, 1, 1.0 / 16)
            }
        }
        return indices
    }
}
