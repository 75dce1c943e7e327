import Foundation

/// Pixels to character cells.
public enum CellRenderer {
    /// `image` drawn in exactly `columns` × `rows` cells (fitted first, `DrawnPicture`): resampled to the
    /// drawing's sub-pixels (columns × 2·rows for half blocks), then each cell carries its pixels.
    /// `dither` mixes palette entries in 256 and 16 colours (`DitherMode`).
    public static func render(
        _ image: RGBImage, columns: Int, rows: Int, drawing: ImageDrawing, dither: DitherMode = .diffusion
    ) -> CellImage {
        guard columns > 0, rows > 0, image.width > 0 else { return CellImage(columns: 0, rows: 0, cells: []) }
        if case .symbols(let set, let depth) = drawing, set != .half {
            if depth == .truecolor {
                let size = PixelSize(width: columns * SymbolMatcher.columns, height: rows * SymbolMatcher.rows(for: set))
                return SymbolMatcher.render(Resampler.areaAverage(image, to: size), columns: columns, rows: rows, set: set)
            }
            // 256 colours (unless ordered): the 24-bit matcher's shape, each colour the entry nearest in sRGB.
            // Diffusion and Oklab raised the error a screenshot shows in rxvt-unicode (docs/PERFORMANCE.md, issue 41).
            if depth == .palette256, dither != .ordered {
                let size = PixelSize(width: columns * SymbolMatcher.columns, height: rows * SymbolMatcher.rows(for: set))
                var matched = SymbolMatcher.render(Resampler.areaAverage(image, to: size), columns: columns, rows: rows, set: set)
                func indexed(_ color: CellColor) -> CellColor {
                    guard case .rgb(let r, let g, let b) = color else { return color }
                    return .indexed(Palette.nearest256RGB(r: r, g: g, b: b))
                }
                for index in matched.cells.indices {
                    matched.cells[index].foreground = indexed(matched.cells[index].foreground)
                    matched.cells[index].background = indexed(matched.cells[index].background)
                }
                return matched
            }
            let grid = set.grid
            let pixels = Resampler.areaAverage(image, to: PixelSize(width: columns * grid.columns, height: rows * grid.rows))
            return SymbolCells.render(pixels, columns: columns, rows: rows, set: set, depth: depth, dither: dither)
        }
        let pixels = Resampler.areaAverage(image, to: PixelSize(width: columns, height: rows * 2))
        // In a palette each pixel is an entry, dithered as asked.
        if case .halfBlocks(let depth) = drawing, depth == .palette256 || depth == .palette16 {
            return PixelDiffusion.halfBlocks(pixels, columns: columns, rows: rows, depth: depth, dither: dither)
        }
        var cells: [ImageCell] = []
        cells.reserveCapacity(columns * rows)
        let p = pixels.pixels
        for row in 0..<rows {
            for column in 0..<columns {
                let upper = (2 * row * columns + column) * 3
                let lower = ((2 * row + 1) * columns + column) * 3
                let top = (p[upper], p[upper + 1], p[upper + 2])
                let bottom = (p[lower], p[lower + 1], p[lower + 2])
                cells.append(cell(top, bottom, row: row, column: column, drawing: drawing))
            }
        }
        return CellImage(columns: columns, rows: rows, cells: cells)
    }

    typealias RGB = (UInt8, UInt8, UInt8)

    static func cell(_ top: RGB, _ bottom: RGB, row: Int, column: Int, drawing: ImageDrawing) -> ImageCell {
        switch drawing {
        case .halfBlocks(.truecolor), .symbols(_, .truecolor), .kitty, .sixel, .iterm2:
            return ImageCell(character: "▀", foreground: .rgb(top.0, top.1, top.2), background: .rgb(bottom.0, bottom.1, bottom.2))
        case .halfBlocks(.palette256), .symbols(_, .palette256):
            return ImageCell(
                character: "▀", foreground: .indexed(Palette.nearest256(r: top.0, g: top.1, b: top.2)),
                background: .indexed(Palette.nearest256(r: bottom.0, g: bottom.1, b: bottom.2)))
        case .halfBlocks(.palette16), .symbols(_, .palette16):
            return ImageCell(
                character: "▀", foreground: .indexed(Palette.nearest16(r: top.0, g: top.1, b: top.2)),
                background: .indexed(Palette.nearest16(r: bottom.0, g: bottom.1, b: bottom.2)))
        case .halfBlocks(.mono), .symbols(_, .mono):
            // Each half pixel is on or off against an ordered (Bayer 4×4) threshold.
            let upper = Dither.on(luminance(top), x: column, y: 2 * row)
            let lower = Dither.on(luminance(bottom), x: column, y: 2 * row + 1)
            let character: Character = upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            return ImageCell(character: character)
        case .ascii:
            let level = (Dither.lightness(luminance(top)) + Dither.lightness(luminance(bottom))) / 2
            let ramp = ASCIIRamp.characters
            let index = min(ramp.count - 1, Int(level * Float(ramp.count)))
            return ImageCell(character: ramp[index])
        }
    }

    /// Relative luminance (linear light, 0…1).
    static func luminance(_ rgb: RGB) -> Float {
        let linear = SRGB.toLinear
        return 0.2126 * linear[Int(rgb.0)] + 0.7152 * linear[Int(rgb.1)] + 0.0722 * linear[Int(rgb.2)]
    }
}

/// Ordered dithering with the 4×4 Bayer matrix: a pixel is on when its brightness beats the threshold
/// at its position, so areas of grey become even patterns instead of noise.
enum Dither {
    static let bayer: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { ($0 + 0.5) / 16 }

    static func on(_ luminance: Float, x: Int, y: Int) -> Bool {
        lightness(luminance) > bayer[(y & 3) * 4 + (x & 3)]
    }

    /// Perceived brightness, CIE L* / 100, from linear luminance: mid grey is about half.
    static func lightness(_ luminance: Float) -> Float {
        luminance <= 0.008856 ? luminance * 9.033 : 1.16 * Float(pow(Double(luminance), 1.0 / 3.0)) - 0.16
    }
}

/// Characters from dark to light for `--images ascii`.
enum ASCIIRamp {
    static let characters: [Character] = Array(" .:-=+*#%@")
}
