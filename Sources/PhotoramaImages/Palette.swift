/// The xterm palettes and nearest-colour lookups in Oklab.
public enum Palette {
    /// xterm's default sixteen colours (what most terminals ship unless themed).
    static let ansi16: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The colour xterm gives palette entry `index` (0–255) by default: the sixteen, the cube, the greys.
    public static func xtermRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        index < 16 ? ansi16[Int(index)] : xterm256(Int(index))
    }

    /// The colour of a 256-palette entry from 16 to 255: the 6×6×6 cube, then 24 greys.
    static func xterm256(_ index: Int) -> (UInt8, UInt8, UInt8) {
        if index >= 232 {
            let grey = UInt8(8 + 10 * (index - 232))
            return (grey, grey, grey)
        }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }

    private static let labs256: [Oklab] = (16..<256).map { index in
        let (r, g, b) = xterm256(index)
        return Oklab(r: r, g: g, b: b)
    }

    private static let labs16: [Oklab] = ansi16.map { Oklab(r: $0.0, g: $0.1, b: $0.2) }

    /// The nearest of entries 16–255 (0–15 vary with the user's theme), exactly, by Oklab distance.
    public static func nearest256Exact(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        UInt8(16 + nearest(Oklab(r: r, g: g, b: b), in: labs256))
    }

    /// The nearest of entries 16–255 by the sum of absolute sRGB differences: what the per-channel error of
    /// a screenshot measures; for symbol cells in 256 colours (`CellRenderer`), where it beat Oklab (issue 41).
    public static func nearest256RGB(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        var best = 16
        var bestDistance = Int.max
        for index in 16..<256 {
            let entry = xterm256(index)
            let (dr, dg, db) = (Int(entry.0) - Int(r), Int(entry.1) - Int(g), Int(entry.2) - Int(b))
            let distance = abs(dr) + abs(dg) + abs(db)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    /// The nearest of the sixteen ANSI colours by Oklab distance.
    public static func nearest16(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        UInt8(nearest(Oklab(r: r, g: g, b: b), in: labs16))
    }

    /// `nearest256Exact` without trying all 240 entries: the eight cube corners around the colour (the
    /// cube level below and above each channel) and the 24 greys are the only ones that can be nearest.
    public static func nearest256(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let lab = Oklab(r: r, g: g, b: b)
        var best = 0
        var bestDistance = Float.greatestFiniteMagnitude
        let (r0, r1) = cubeLevels(r)
        let (g0, g1) = cubeLevels(g)
        let (b0, b1) = cubeLevels(b)
        for cr in [r0, r1] {
            for cg in [g0, g1] {
                for cb in [b0, b1] {
                    let index = 36 * cr + 6 * cg + cb
                    let distance = lab.distanceSquared(labs256[index])
                    if distance < bestDistance {
                        bestDistance = distance
                        best = index
                    }
                }
            }
        }
        for index in 216..<240 {
            let distance = lab.distanceSquared(labs256[index])
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(16 + best)
    }

    /// The cube levels (0–5) at or below and at or above a channel value.
    private static func cubeLevels(_ value: UInt8) -> (Int, Int) {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        var below = 0
        for (index, level) in levels.enumerated() where level <= value { below = index }
        return (below, levels[below] == value ? below : min(5, below + 1))
    }

    private static func nearest(_ lab: Oklab, in candidates: [Oklab]) -> Int {
        var best = 0
        var bestDistance = Float.greatestFiniteMagnitude
        for (index, candidate) in candidates.enumerated() {
            let distance = lab.distanceSquared(candidate)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }
}
