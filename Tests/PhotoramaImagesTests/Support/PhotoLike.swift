import PhotoramaImages

extension TestImages {
    /// Something like a photo, made exactly: a warm-to-cool sky gradient, a slate-grey disc with a soft
    /// rim, muted blue rectangles and thin dark diagonals. Edges at every angle and colours that fall
    /// between palette entries, the cases symbols and dithering are for.
    static func photoLike(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let w = Double(width)
        let h = Double(height)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / w
                let v = Double(y) / h
                var r = 230 - 120 * v + 20 * u
                var g = 170 - 40 * v + 30 * u
                var b = 120 + 100 * v
                let dx = u - 0.35
                let dy = (v - 0.55) * h / w
                let distance = (dx * dx + dy * dy).squareRoot()
                let disc = max(0, min(1, (0.18 - distance) / 0.01))
                r = r * (1 - disc) + 112 * disc
                g = g * (1 - disc) + 128 * disc
                b = b * (1 - disc) + 144 * disc
                if (u > 0.6 && u < 0.9 && v > 0.2 && v < 0.45) || (u > 0.65 && u < 0.8 && v > 0.6 && v < 0.9) {
                    (r, g, b) = (70 + 40 * u, 90 + 30 * v, 160)
                }
                if abs((u - v * 0.7) - 0.1).truncatingRemainder(dividingBy: 0.25) < 0.006 { (r, g, b) = (30, 30, 40) }
                let index = (y * width + x) * 3
                pixels[index] = UInt8(max(0, min(255, r.rounded())))
                pixels[index + 1] = UInt8(max(0, min(255, g.rounded())))
                pixels[index + 2] = UInt8(max(0, min(255, b.rounded())))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
