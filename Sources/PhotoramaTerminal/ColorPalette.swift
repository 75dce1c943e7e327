import PhotoramaScreen

/// ncurses colour numbers for frame colours, on terminals with 8, 16, 256 or more colours.
///
/// -1 is the terminal's default colour (use_default_colors). A colour the terminal lacks becomes the
/// nearest one it has, so an image still reads as an image on a 16-colour terminal.
enum ColorPalette {
    static func number(_ color: Color, colors: Int) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let index):
            if Int(index) < 16 { return named(Int32(index), colors: colors) }
            if colors >= 256 { return Int32(index) }
            return nearestNamed(rgb(ofIndex: index), colors: colors)
        case .rgb(let red, let green, let blue):
            if colors >= 256 { return Int32(nearestIndexed((red, green, blue))) }
            return nearestNamed((red, green, blue), colors: colors)
        default:
            guard let index = Color.named.firstIndex(of: color) else { return -1 }
            return named(Int32(index), colors: colors)
        }
    }

    /// Bright colours need a 16-colour terminal and fall back to their normal counterparts.
    static func named(_ number: Int32, colors: Int) -> Int32 {
        number >= 8 && colors < 16 ? number - 8 : number
    }

    typealias RGB = (UInt8, UInt8, UInt8)

    /// xterm's default values for the sixteen colours.
    static let namedRGB: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The colour of an xterm 256-palette entry.
    static func rgb(ofIndex index: UInt8) -> RGB {
        let value = Int(index)
        if value < 16 { return namedRGB[value] }
        if value >= 232 {
            let grey = UInt8(8 + 10 * (value - 232))
            return (grey, grey, grey)
        }
        let cube = value - 16
        return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
    }

    /// The nearest of the eight or sixteen named colours.
    static func nearestNamed(_ color: RGB, colors: Int) -> Int32 {
        let candidates = colors >= 16 ? 16 : 8
        var best = 0
        var bestDistance = Int.max
        for index in 0..<candidates {
            let distance = distanceSquared(color, namedRGB[index])
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return Int32(best)
    }

    /// The nearest entry of the 6×6×6 cube or the grey ramp (16–255).
    static func nearestIndexed(_ color: RGB) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - Int(value)) < abs(cubeLevels[$1] - Int(value)) } ?? 0
        }
        let cube = UInt8(16 + 36 * level(color.0) + 6 * level(color.1) + level(color.2))
        let average = (Int(color.0) + Int(color.1) + Int(color.2)) / 3
        let grey = UInt8(232 + max(0, min(23, (average - 3) / 10)))
        return distanceSquared(color, rgb(ofIndex: grey)) < distanceSquared(color, rgb(ofIndex: cube)) ? grey : cube
    }

    static func distanceSquared(_ a: RGB, _ b: RGB) -> Int {
        let red = Int(a.0) - Int(b.0)
        let green = Int(a.1) - Int(b.1)
        let blue = Int(a.2) - Int(b.2)
        return red * red + green * green + blue * blue
    }
}
