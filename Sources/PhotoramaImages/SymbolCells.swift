import Foundation

// MARK: - Symbol cells
/// Pixels to cells of quadrants, sextants or octants: each cell takes the two-colour pattern of its
/// sub-pixels with the least squared error, and the mean of each side as its colours (as chafa's
/// symbol mode does, but with every pattern of the grid available, so the search is exact).
///
/// The search keeps the first sub-pixel in the background and walks the other 2^(n-1) splits in Gray
/// code order, one sub-pixel changing side each step, so each split costs a few additions: the error
/// of a split is Σ|p|² − |S₁|²/n₁ − |S₀|²/n₀, and only the last two terms vary.
enum SymbolCells {
    /// `pixels` holds `columns` × `rows` cells of `set.grid` sub-pixels each, exactly. 24-bit colour is
    /// drawn by `SymbolMatcher` in the pipeline; here it is the plain split of the grid.
    /// In a palette, `dither` says how entries mix: `diffusion` carries each cell's error on to the cells
    /// beside and below whose colours differ (`CellDiffusion`, `DiffusionGuard`), and cells that are not
    /// flat may mix two entries for their mean; `ordered` adds the Bayer threshold at the cell's place.
    static func render(
        _ pixels: RGBImage, columns: Int, rows: Int, set: SymbolSet, depth: ColorDepth, dither: DitherMode = .diffusion
    ) -> CellImage {
        let grid = set.grid
        guard pixels.width == columns * grid.columns, pixels.height == rows * grid.rows, columns > 0, rows > 0 else {
            return CellImage(columns: 0, rows: 0, cells: [])
        }
        let glyphs = SymbolGlyphs.characters(set)
        if depth == .mono { return mono(pixels, columns: columns, rows: rows, grid: grid, glyphs: glyphs) }
        var cells: [ImageCell] = []
        cells.reserveCapacity(columns * rows)
        let palette = depth == .palette256 || depth == .palette16
        var diffusion = palette && dither == .diffusion ? CellDiffusion(columns: columns) : nil
        let count = grid.columns * grid.rows
        var values = [SIMD3<Float>](repeating: .zero, count: count)
        let means = palette ? cellMeans(pixels, columns: columns, rows: rows, grid: grid) : []
        pixels.pixels.withUnsafeBufferPointer { p in
            for row in 0..<rows {
                diffusion?.startRow()
                for column in 0..<columns {
                    var flat = true
                    for index in 0..<count {
                        let x = column * grid.columns + index % grid.columns
                        let y = row * grid.rows + index / grid.columns
                        let offset = (y * pixels.width + x) * 3
                        values[index] = SIMD3(Float(p[offset]), Float(p[offset + 1]), Float(p[offset + 2]))
                        if flat, DiffusionGuard.differ(values[index], values[0]) { flat = false }
                    }
                    if let diffusion { diffusion.apply(to: &values, column: column) }
                    if palette, dither == .ordered {
                        let amplitude: Float = depth == .palette16 ? 128 : 40
                        let offset = (Dither.bayer[(row & 3) * 4 + (column & 3)] - 0.5) * amplitude
                        for index in values.indices { values[index] += SIMD3(repeating: offset) }
                    }
                    let split = bestSplit(values)
                    var cell = ImageCell(character: glyphs[split.mask])
                    switch depth {
                    case .truecolor, .mono:
                        cell.foreground = CellColor(split.foreground)
                        cell.background = CellColor(split.background)
                    case .palette256, .palette16:
                        let pair = bestPalettePair(values, split: split, depth: depth, mixing: dither != .none && !flat)
                        cell.character = glyphs[pair.mask]
                        // A cell of one side shows one entry, in both colours.
                        let full = (1 << count) - 1
                        cell.foreground = .indexed(pair.mask == 0 ? pair.background.index : pair.foreground.index)
                        cell.background = .indexed(pair.mask == full ? pair.foreground.index : pair.background.index)
                        let here = means[row * columns + column]
                        diffusion?.spread(
                            wanted: values, shown: { pair.mask >> $0 & 1 == 1 ? pair.foreground.color : pair.background.color },
                            column: column,
                            to: { dx, dy in
                                let x = column + dx
                                guard x >= 0, x < columns, row + dy < rows else { return false }
                                return !flat || DiffusionGuard.differ(here, means[(row + dy) * columns + x])
                            })
                    }
                    cells.append(cell)
                }
            }
        }
        return CellImage(columns: columns, rows: rows, cells: cells)
    }

    struct Split {
        var mask: Int
        var foreground: SIMD3<Float>
        var background: SIMD3<Float>
        /// |S₁|²/n₁ + |S₀|²/n₀: the larger, the smaller the squared error.
        var score: Float = 0
    }

    /// The two-colour split of `values` (at most 8) with the least squared error; `mask` marks the
    /// foreground side, and is 0 (all background) for a flat cell.
    static func bestSplit(_ values: [SIMD3<Float>]) -> Split {
        let count = values.count
        var total = SIMD3<Float>.zero
        for value in values { total += value }
        var foregroundSum = SIMD3<Float>.zero
        var foregroundCount: Float = 0
        var mask = 0
        var bestMask = 0
        // All in the background: |S₀|²/n₀ alone.
        var bestScore = (total * total).sum() / Float(count)
        let splits = 1 << (count - 1)
        for step in 1..<max(1, splits) {
            let index = step.trailingZeroBitCount + 1
            let bit = 1 << index
            mask ^= bit
            if mask & bit != 0 {
                foregroundSum += values[index]
                foregroundCount += 1
            } else {
                foregroundSum -= values[index]
                foregroundCount -= 1
            }
            guard foregroundCount > 0 else { continue }
            let backgroundSum = total - foregroundSum
            let score =
                (foregroundSum * foregroundSum).sum() / foregroundCount + (backgroundSum * backgroundSum).sum()
                / (Float(count) - foregroundCount)
            if score > bestScore {
                bestScore = score
                bestMask = mask
            }
        }
        var foreground = SIMD3<Float>.zero
        var background = SIMD3<Float>.zero
        var foregrounds: Float = 0
        for (index, value) in values.enumerated() {
            if bestMask >> index & 1 == 1 {
                foreground += value
                foregrounds += 1
            } else {
                background += value
            }
        }
        background /= Float(count) - foregrounds
        foreground = foregrounds > 0 ? foreground / foregrounds : background
        return Split(mask: bestMask, foreground: foreground, background: background, score: bestScore)
    }

    typealias Entry = (index: UInt8, color: SIMD3<Float>)

    /// The two palette entries and the pattern that show `values` best: every pair of candidates is
    /// tried, with every split of the sub-pixels by which of the two they lean to, scored by the squared
    /// error in Oklab of each sub-pixel and (`mixing`) of the cell's mean. The candidates are all sixteen colours, or for
    /// 256 the entries around the split's two colours (`Palette.candidates256`).
    static func bestPalettePair(_ values: [SIMD3<Float>], split: Split, depth: ColorDepth, mixing: Bool = true) -> (
        mask: Int, foreground: Entry, background: Entry
    ) {
        var candidates: [Entry] =
            depth == .palette16
            ? Palette.entries16 : Palette.candidates256(around: split.foreground) + Palette.candidates256(around: split.background)
        if depth == .palette256 {
            // The nearest entries in Oklab, which may be a grey the cube's corners and the nearest greys miss.
            candidates += [Palette.nearest(split.foreground, depth: depth), Palette.nearest(split.background, depth: depth)]
        }
        // Distances in Oklab, where they follow what the eye sees.
        func lab(_ value: SIMD3<Float>) -> SIMD3<Float> {
            let linear = SRGBFloat.toLinear(value)
            let lab = Oklab(linearR: linear.x, g: linear.y, b: linear.z)
            return SIMD3(lab.l, lab.a, lab.b)
        }
        let labs = values.map(lab)
        let candidateLabs = candidates.map { lab($0.color) }
        var best = (mask: 0, foreground: candidates[0], background: candidates[0])
        var bestError = Float.greatestFiniteMagnitude
        let count = labs.count
        var total = SIMD3<Float>.zero
        for value in labs { total += value }
        var order = Array(0..<count)
        var leaning = [Float](repeating: 0, count: count)
        for first in candidates.indices {
            for second in first..<candidates.count {
                let a = candidateLabs[first]
                let b = candidateLabs[second]
                // Sub-pixels by how much nearer to `a` they are; the k most inclined take `a`, for each k.
                var errorB: Float = 0
                for (index, value) in labs.enumerated() {
                    let toA = ((value - a) * (value - a)).sum()
                    let toB = ((value - b) * (value - b)).sum()
                    leaning[index] = toA - toB
                    errorB += toB
                }
                order.sort { leaning[$0] < leaning[$1] }
                var error = errorB
                var shown = b * Float(count)
                var mask = 0
                for k in 0...count {
                    if k > 0 {
                        let index = order[k - 1]
                        error += leaning[index]
                        shown += a - b
                        mask |= 1 << index
                    }
                    // The squared sub-pixel errors, plus (`mixing`) the cell's mean error weighted as much
                    // again: a mix of two entries that averages right beats one entry that is nearest alone.
                    let drift = total - shown
                    let score = mixing ? error + (drift * drift).sum() / Float(count) : error
                    if score < bestError {
                        bestError = score
                        best = (mask, candidates[first], candidates[second])
                    }
                }
            }
        }
        return best
    }

    /// Each cell's mean colour (sRGB 0…255), row-major.
    static func cellMeans(_ pixels: RGBImage, columns: Int, rows: Int, grid: (columns: Int, rows: Int)) -> [SIMD3<Float>] {
        var means = [SIMD3<Float>](repeating: .zero, count: columns * rows)
        let p = pixels.pixels
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let offset = (y * pixels.width + x) * 3
                means[(y / grid.rows) * columns + x / grid.columns] += SIMD3(Float(p[offset]), Float(p[offset + 1]), Float(p[offset + 2]))
            }
        }
        return means.map { $0 / Float(grid.columns * grid.rows) }
    }

    /// No colour: each sub-pixel on or off against the ordered (Bayer) threshold at its place, and the
    /// character whose pattern that is, in the terminal's own colours.
    private static func mono(_ pixels: RGBImage, columns: Int, rows: Int, grid: (columns: Int, rows: Int), glyphs: [Character])
        -> CellImage
    {
        var cells: [ImageCell] = []
        cells.reserveCapacity(columns * rows)
        let p = pixels.pixels
        for row in 0..<rows {
            for column in 0..<columns {
                var mask = 0
                for index in 0..<(grid.columns * grid.rows) {
                    let x = column * grid.columns + index % grid.columns
                    let y = row * grid.rows + index / grid.columns
                    let offset = (y * pixels.width + x) * 3
                    let luminance = CellRenderer.luminance((p[offset], p[offset + 1], p[offset + 2]))
                    if Dither.on(luminance, x: x, y: y) { mask |= 1 << index }
                }
                cells.append(ImageCell(character: glyphs[mask]))
            }
        }
        return CellImage(columns: columns, rows: rows, cells: cells)
    }
}

// MARK: - Error diffusion between cells
/// Floyd–Steinberg at the scale of cells, in linear light: what a cell's palette colours miss of its
/// mean (light being additive, that is what the eye averages) is carried to the cells not yet drawn,
/// 7/16 to the right, 3/16, 5/16 and 1/16 to the row below. A cell's own pattern already mixes its two
/// colours, so only the cell's mean travels.
struct CellDiffusion {
    private var current: [SIMD3<Float>]
    private var next: [SIMD3<Float>]

    init(columns: Int) {
        current = Array(repeating: .zero, count: columns + 2)
        next = current
    }

    mutating func startRow() {
        swap(&current, &next)
        for index in next.indices { next[index] = .zero }
    }

    /// Adds the error carried to cell `column` to each of its sub-pixels (sRGB 0…255), in linear light.
    func apply(to values: inout [SIMD3<Float>], column: Int) {
        let error = current[column + 1]
        guard error != .zero else { return }
        for index in values.indices {
            let linear = SRGBFloat.toLinear(values[index]) + error
            values[index] = SRGBFloat.fromLinear(linear.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)))
        }
    }

    /// Carries cell `column`'s error on: the mean of what was wanted less the mean of what is shown, to
    /// each cell (dx, dy) away that `to` allows.
    mutating func spread(wanted: [SIMD3<Float>], shown: (Int) -> SIMD3<Float>, column: Int, to: (Int, Int) -> Bool) {
        var error = SIMD3<Float>.zero
        for index in wanted.indices {
            error += SRGBFloat.toLinear(wanted[index]) - SRGBFloat.toLinear(shown(index))
        }
        error /= Float(wanted.count)
        if to(1, 0) { current[column + 2] += error * (7.0 / 16) }
        if to(-1, 1) { next[column] += error * (3.0 / 16) }
        if to(0, 1) { next[column + 1] += error * (5.0 / 16) }
        if to(1, 1) { next[column + 2] += error * (1.0 / 16) }
    }
}

/// The sRGB curves on floats (0…255 encoded, 0…1 linear), for colours that are no longer bytes.
enum SRGBFloat {
    static func toLinear(_ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(channel(value.x), channel(value.y), channel(value.z))
    }

    static func fromLinear(_ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(encode(value.x), encode(value.y), encode(value.z))
    }

    private static func channel(_ encoded: Float) -> Float {
        let c = max(0, min(255, encoded)) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    private static func encode(_ linear: Float) -> Float {
        let l = max(0, min(1, linear))
        return (l <= 0.0031308 ? l * 12.92 : 1.055 * powf(l, 1 / 2.4) - 0.055) * 255
    }
}

extension CellColor {
    /// A float colour (sRGB 0…255) rounded to bytes.
    init(_ value: SIMD3<Float>) {
        func byte(_ channel: Float) -> UInt8 { UInt8(max(0, min(255, channel.rounded()))) }
        self = .rgb(byte(value.x), byte(value.y), byte(value.z))
    }
}

extension Palette {
    /// The sixteen colours with their sRGB values.
    static let entries16: [(index: UInt8, color: SIMD3<Float>)] = ansi16.enumerated().map { index, rgb in
        (UInt8(index), SIMD3(Float(rgb.0), Float(rgb.1), Float(rgb.2)))
    }

    /// The 256-palette entries a colour may be shown with: the cube corners around it and the two
    /// nearest greys.
    static func candidates256(around value: SIMD3<Float>) -> [(index: UInt8, color: SIMD3<Float>)] {
        let levels: [Float] = [0, 95, 135, 175, 215, 255]
        func around(_ channel: Float) -> [Int] {
            let below = levels.lastIndex { $0 <= channel } ?? 0
            return below < 5 && levels[below] < channel ? [below, below + 1] : [below]
        }
        var entries: [(index: UInt8, color: SIMD3<Float>)] = []
        for r in around(value.x) {
            for g in around(value.y) {
                for b in around(value.z) {
                    entries.append((UInt8(16 + 36 * r + 6 * g + b), SIMD3(levels[r], levels[g], levels[b])))
                }
            }
        }
        let grey = (value.x + value.y + value.z) / 3
        let step = max(0, min(23, Int((grey - 8) / 10)))
        for index in Set([step, min(23, step + 1)]).sorted() {
            let level = Float(8 + 10 * index)
            entries.append((UInt8(232 + index), SIMD3(repeating: level)))
        }
        return entries
    }

    /// The nearest entry for `depth` (256 or 16) to a float colour, with its own colour.
    static func nearest(_ value: SIMD3<Float>, depth: ColorDepth) -> (index: UInt8, color: SIMD3<Float>) {
        func byte(_ channel: Float) -> UInt8 { UInt8(max(0, min(255, channel.rounded()))) }
        let (r, g, b) = (byte(value.x), byte(value.y), byte(value.z))
        let index = depth == .palette16 ? nearest16(r: r, g: g, b: b) : nearest256(r: r, g: g, b: b)
        let rgb = index < 16 ? ansi16[Int(index)] : xterm256(Int(index))
        return (index, SIMD3(Float(rgb.0), Float(rgb.1), Float(rgb.2)))
    }
}
