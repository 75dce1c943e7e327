// MARK: - Symbol matching in 24-bit colour
/// Pixels to cells of block symbols in 24-bit colour, chafa's way but exhaustive: each cell is sampled on
/// a grid that holds every candidate's edges exactly (8 across; 8 down, or 24 where sextants' thirds are
/// among them), and of every symbol the set allows (space, the eighth blocks ▁…▇ and ▏…▉, the grid
/// patterns of quadrants, sextants, octants) the cell takes the one whose two colours, the mean of the
/// samples on each side, leave the least squared error, weighted per channel for the eye (`weights`).
///
/// With the cell's mean taken out of every sum, a split with `n₁` of `N` samples on the foreground
/// side whose centred sum is `D` lowers the squared error by |D|²·N / (n₁·(N−n₁)): one product per
/// candidate, from row, column and block sums made once a cell.
enum SymbolMatcher {
    /// Samples across a cell: eighths across.
    static let columns = 8

    /// Samples down a cell: eighths down, and thirds where sextants are candidates.
    static func rows(for set: SymbolSet) -> Int { set == .quadrant ? 8 : 24 }

    /// Squared differences of sRGB channels weighed as the eye weighs them, roughly: green most, blue least.
    static let weights = SIMD3<Float>(0.30, 0.50, 0.20)

    /// The grids of patterns a set draws: quadrants always, then sextants, then octants.
    static func grids(for set: SymbolSet) -> [SymbolSet] {
        switch set {
        case .half, .quadrant: [.quadrant]
        case .sextant: [.quadrant, .sextant]
        case .octant: [.sextant, .octant]
        }
    }

    /// The lower eighth blocks ▁ (k = 1) to ▇ (k = 7): the lower k/8 of the cell in the foreground.
    static func lowerEighths(_ k: Int) -> Character { Character(Unicode.Scalar(UInt32(0x2580 + k)) ?? " ") }

    /// The left eighth blocks ▏ (k = 1) to ▉ (k = 7): the left k/8 of the cell in the foreground.
    static func leftEighths(_ k: Int) -> Character { Character(Unicode.Scalar(UInt32(0x2590 - k)) ?? " ") }

    /// `pixels` holds `columns` × `rows` cells of `SymbolMatcher.columns` × `rows(for: set)` samples each.
    static func render(_ pixels: RGBImage, columns cellColumns: Int, rows cellRows: Int, set: SymbolSet) -> CellImage {
        let down = rows(for: set)
        guard cellColumns > 0, cellRows > 0, pixels.width == cellColumns * columns, pixels.height == cellRows * down else {
            return CellImage(columns: 0, rows: 0, cells: [])
        }
        let patterns = grids(for: set).map { Patterns($0, rows: down) }
        var cells: [ImageCell] = []
        cells.reserveCapacity(cellColumns * cellRows)
        // Per cell: each half's row sums (left then right), the column sums, prefix sums of the rows.
        var halves = [SIMD3<Float>](repeating: .zero, count: 2 * down)
        var columnSums = [SIMD3<Float>](repeating: .zero, count: columns)
        var rowPrefix = [SIMD3<Float>](repeating: .zero, count: down + 1)
        let area = Float(columns * down)
        pixels.pixels.withUnsafeBufferPointer { p in
            for cellRow in 0..<cellRows {
                for cellColumn in 0..<cellColumns {
                    for index in halves.indices { halves[index] = .zero }
                    for index in columnSums.indices { columnSums[index] = .zero }
                    for y in 0..<down {
                        var offset = ((cellRow * down + y) * pixels.width + cellColumn * columns) * 3
                        for x in 0..<columns {
                            let value = SIMD3(Float(p[offset]), Float(p[offset + 1]), Float(p[offset + 2]))
                            halves[(x < columns / 2 ? 0 : down) + y] += value
                            columnSums[x] += value
                            offset += 3
                        }
                    }
                    for y in 0..<down { rowPrefix[y + 1] = rowPrefix[y] + halves[y] + halves[down + y] }
                    let total = rowPrefix[down]
                    let mean = total / area
                    var best = Choice(character: " ", sum: .zero, count: 0, score: 0)
                    func consider(_ character: Character, sum: SIMD3<Float>, count: Float) {
                        let centred = sum - mean * count
                        let score = (weights * centred * centred).sum() * area / (count * (area - count))
                        if score > best.score + 1e-3 { best = Choice(character: character, sum: sum, count: count, score: score) }
                    }
                    for k in 1..<8 {
                        let start = down - k * down / 8
                        consider(lowerEighths(k), sum: total - rowPrefix[start], count: Float(k * down / 8 * columns))
                    }
                    var left = SIMD3<Float>.zero
                    for k in 1..<8 {
                        left += columnSums[k - 1]
                        consider(leftEighths(k), sum: left, count: Float(k * down))
                    }
                    for grid in patterns {
                        grid.search(halves: halves, rows: down, consider: consider)
                    }
                    let background = (total - best.sum) / (area - best.count)
                    let foreground = best.count > 0 ? best.sum / best.count : background
                    cells.append(ImageCell(character: best.character, foreground: CellColor(foreground), background: CellColor(background)))
                }
            }
        }
        return CellImage(columns: cellColumns, rows: cellRows, cells: cells)
    }

    /// The best candidate so far: its character, the sum and count of its foreground samples, its score.
    struct Choice {
        var character: Character
        var sum: SIMD3<Float>
        var count: Float
        var score: Float
    }

    /// The two-column patterns of one grid (2×2, 2×3 or 2×4 blocks), walked in Gray-code order with the
    /// first block in the background, one block changing side each step.
    struct Patterns {
        let glyphs: [Character]
        let bands: Int
        let blockArea: Float
        let blocks: Int

        init(_ set: SymbolSet, rows: Int) {
            glyphs = SymbolGlyphs.characters(set)
            bands = set.grid.rows
            blocks = 2 * bands
            blockArea = Float(rows / bands * SymbolMatcher.columns / 2)
        }

        func search(halves: [SIMD3<Float>], rows: Int, consider: (Character, SIMD3<Float>, Float) -> Void) {
            let height = rows / bands
            // Block `band * 2 + side`, as the glyph tables number their bits.
            var sums = [SIMD3<Float>](repeating: .zero, count: blocks)
            for band in 0..<bands {
                for side in 0..<2 {
                    var sum = SIMD3<Float>.zero
                    for y in (band * height)..<((band + 1) * height) { sum += halves[side * rows + y] }
                    sums[band * 2 + side] = sum
                }
            }
            var mask = 0
            var sum = SIMD3<Float>.zero
            var count = 0
            for step in 1..<(1 << (blocks - 1)) {
                let index = step.trailingZeroBitCount + 1
                mask ^= 1 << index
                if mask >> index & 1 == 1 {
                    sum += sums[index]
                    count += 1
                } else {
                    sum -= sums[index]
                    count -= 1
                }
                if count > 0 { consider(glyphs[mask], sum, Float(count) * blockArea) }
            }
        }
    }
}
