// MARK: - Fidelity
/// How close drawn cells are to the photo, the one measure for the tests and the benchmark: every
/// cell is painted on a grid of `grid` sub-pixels from its character's ink (foreground where the glyph
/// has ink, background elsewhere), the source is box-filtered to the same grid, and the mean absolute
/// difference of the sRGB channels (0…255) is the error. 8×24 holds every block symbol exactly: halves,
/// quarters and eighths across, halves, thirds, quarters and eighths down.
public enum PictureFidelity {
    public static let grid = (columns: 8, rows: 24)

    /// What a terminal shows for a cell colour: the xterm palette for indexed colours, and for the
    /// default colours light grey on black.
    public static func rgb(_ color: CellColor, foreground: Bool) -> SIMD3<Float> {
        let value: (UInt8, UInt8, UInt8)
        switch color {
        case .none: value = foreground ? (229, 229, 229) : (0, 0, 0)
        case .indexed(let index): value = index < 16 ? Palette.ansi16[Int(index)] : Palette.xterm256(Int(index))
        case .rgb(let r, let g, let b): value = (r, g, b)
        }
        return SIMD3(Float(value.0), Float(value.1), Float(value.2))
    }

    /// The ink of the block symbols photorama draws on the `grid`, row-major; nil for other characters.
    public static func coverage(of character: Character) -> [Bool]? {
        symbolCoverage[character]
    }

    private static let symbolCoverage: [Character: [Bool]] = {
        var table: [Character: [Bool]] = [:]
        for set in SymbolSet.allCases {
            let (columns, rows) = set.grid
            for (mask, character) in SymbolGlyphs.characters(set).enumerated() {
                var ink = [Bool](repeating: false, count: grid.columns * grid.rows)
                for y in 0..<grid.rows {
                    for x in 0..<grid.columns {
                        let bit = (y * rows / grid.rows) * columns + x * columns / grid.columns
                        ink[y * grid.columns + x] = mask >> bit & 1 == 1
                    }
                }
                table[character] = ink
            }
        }
        // The eighth blocks the matcher draws: the lower k/8 rows, the left k/8 columns.
        for k in 1..<8 {
            table[SymbolMatcher.lowerEighths(k)] = (0..<(grid.columns * grid.rows)).map {
                $0 / grid.columns >= grid.rows - k * grid.rows / 8
            }
            table[SymbolMatcher.leftEighths(k)] = (0..<(grid.columns * grid.rows)).map { $0 % grid.columns < k * grid.columns / 8 }
        }
        return table
    }()

    /// `cells` painted on the grid with `ink` (nil for a character it does not know: painted as the mean
    /// of its two colours, and counted in `unknown`).
    public static func paint(_ cells: CellImage, ink: (Character) -> [Bool]? = coverage(of:)) -> (image: RGBImage, unknown: Int) {
        let width = cells.columns * grid.columns
        var pixels = [UInt8](repeating: 0, count: width * cells.rows * grid.rows * 3)
        var unknown = 0
        for row in 0..<cells.rows {
            for column in 0..<cells.columns {
                let cell = cells[row, column]
                let foreground = rgb(cell.foreground, foreground: true)
                let background = rgb(cell.background, foreground: false)
                let coverage = ink(cell.character)
                if coverage == nil { unknown += 1 }
                for y in 0..<grid.rows {
                    for x in 0..<grid.columns {
                        let color =
                            coverage.map { $0[y * grid.columns + x] ? foreground : background } ?? (foreground + background) / 2
                        let offset = ((row * grid.rows + y) * width + column * grid.columns + x) * 3
                        pixels[offset] = UInt8(max(0, min(255, color.x.rounded())))
                        pixels[offset + 1] = UInt8(max(0, min(255, color.y.rounded())))
                        pixels[offset + 2] = UInt8(max(0, min(255, color.z.rounded())))
                    }
                }
            }
        }
        return (RGBImage(width: width, height: cells.rows * grid.rows, pixels: pixels), unknown)
    }

    /// The mean absolute difference of two images' channels; nil when their sizes differ.
    public static func meanAbsoluteError(_ a: RGBImage, _ b: RGBImage) -> Double? {
        guard a.size == b.size, a.width > 0 else { return nil }
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(a.pixels.count)
    }

    /// The error of `cells` against `source` on the grid (`cellScale` false), or with both averaged over
    /// whole cells first (true: what the eye sees from a little further away, where dithering counts).
    public static func error(
        of cells: CellImage, against source: RGBImage, cellScale: Bool = false, ink: (Character) -> [Bool]? = coverage(of:)
    ) -> Double? {
        let painted = paint(cells, ink: ink).image
        let reference = Resampler.areaAverage(source, to: painted.size)
        guard cellScale else { return meanAbsoluteError(painted, reference) }
        let size = PixelSize(width: cells.columns, height: cells.rows)
        return meanAbsoluteError(Resampler.areaAverage(painted, to: size), Resampler.areaAverage(reference, to: size))
    }
}
