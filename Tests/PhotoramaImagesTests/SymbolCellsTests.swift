import Testing

@testable import PhotoramaImages

@Suite("Block symbols finer than half blocks")
struct SymbolCellsTests {
    // MARK: - Glyphs
    @Test("every sextant and octant pattern has the character Unicode names for it", arguments: [SymbolSet.sextant, .octant])
    func namedPatterns(set: SymbolSet) {
        let prefix = set == .sextant ? "BLOCK SEXTANT-" : "BLOCK OCTANT-"
        let glyphs = SymbolGlyphs.characters(set)
        #expect(glyphs.count == 1 << (set.grid.columns * set.grid.rows))
        #expect(Set(glyphs).count == glyphs.count)
        var named = 0
        for (mask, character) in glyphs.enumerated() {
            guard let name = character.unicodeScalars.first?.properties.name, name.hasPrefix(prefix) else { continue }
            let cells = name.dropFirst(prefix.count).compactMap(\.wholeNumberValue).reduce(0) { $0 | 1 << ($1 - 1) }
            #expect(cells == mask, "\(name)")
            named += 1
        }
        #expect(named == (set == .sextant ? 60 : 230))
    }

    @Test("the patterns older blocks draw are those blocks, by their names")
    func borrowedPatterns() {
        let names: [Int: String] = [
            0b0000_0011: "UPPER ONE QUARTER BLOCK", 0b1100_0000: "LOWER ONE QUARTER BLOCK",
            0b0011_1111: "UPPER THREE QUARTERS BLOCK", 0b1111_1100: "LOWER THREE QUARTERS BLOCK",
            0b0001_0100: "MIDDLE LEFT ONE QUARTER BLOCK", 0b0010_1000: "MIDDLE RIGHT ONE QUARTER BLOCK",
            0b0000_0001: "LEFT HALF UPPER ONE QUARTER BLOCK", 0b0000_0010: "RIGHT HALF UPPER ONE QUARTER BLOCK",
            0b0100_0000: "LEFT HALF LOWER ONE QUARTER BLOCK", 0b1000_0000: "RIGHT HALF LOWER ONE QUARTER BLOCK",
            0b0101_0101: "LEFT HALF BLOCK", 0b1010_1010: "RIGHT HALF BLOCK", 0b0000_1111: "UPPER HALF BLOCK",
            0b1111_0000: "LOWER HALF BLOCK", 0b1010_0101: "QUADRANT UPPER LEFT AND LOWER RIGHT", 255: "FULL BLOCK",
        ]
        for (mask, name) in names {
            #expect(SymbolGlyphs.octants[mask].unicodeScalars.first?.properties.name == name)
        }
        #expect(SymbolGlyphs.quadrants.map { $0.unicodeScalars.first?.value ?? 0 }.sorted().suffix(10) == Array(0x2596...0x259F))
    }

    // MARK: - Choosing a cell
    /// One cell of 2×3 sub-pixels: red at the top-left and the middle row's right, blue elsewhere.
    @Test("a cell takes the exact pattern of its two colours, and the colours themselves")
    func exactPattern() {
        // The first sub-pixel is always on the background side: the red one here.
        let red: [UInt8] = [200, 10, 10]
        let blue: [UInt8] = [10, 20, 180]
        let pixels = RGBImage(width: 2, height: 3, pixels: red + blue + blue + red + blue + blue)
        let cells = SymbolCells.render(pixels, columns: 1, rows: 1, set: .sextant, depth: .truecolor)
        // Sub-pixels 2, 3, 5 and 6 in the foreground: BLOCK SEXTANT-2356, U+1FB33.
        #expect(cells.cells == [ImageCell(character: "\u{1FB33}", foreground: .rgb(10, 20, 180), background: .rgb(200, 10, 10))])
    }

    @Test("a flat cell is a space in its colour")
    func flatCell() {
        let pixels = TestImages.solid(width: 2, height: 4, 90, 100, 110)
        let cells = SymbolCells.render(pixels, columns: 1, rows: 1, set: .octant, depth: .truecolor)
        #expect(cells.cells == [ImageCell(character: " ", foreground: .rgb(90, 100, 110), background: .rgb(90, 100, 110))])
    }

    @Test("three colours: the split with the least squared error")
    func leastError() {
        // Quadrants: white, light grey | black, black. The greys go together, against the blacks.
        let pixels = RGBImage(width: 2, height: 2, pixels: [255, 255, 255, 205, 205, 205, 0, 0, 0, 0, 0, 0])
        let cells = SymbolCells.render(pixels, columns: 1, rows: 1, set: .quadrant, depth: .truecolor)
        #expect(cells.cells == [ImageCell(character: "▄", foreground: .rgb(0, 0, 0), background: .rgb(230, 230, 230))])
    }

    @Test("the drawing fits as half blocks do and resamples to the set's sub-pixels")
    func throughThePipeline() throws {
        let image = TestImages.pattern(width: 64, height: 48)
        let drawn = try DrawnPicture.draw(
            image, in: CellSize(columns: 16, rows: 16), as: .symbols(.octant, .truecolor), cell: PixelSize(width: 10, height: 20),
            kitty: .store(id: 0))
        guard case .cells(let cells) = drawn else {
            Issue.record("not cells")
            return
        }
        #expect(cells.columns == 16 && cells.rows == 6)
        #expect(ImageDrawing.text(.truecolor, symbols: .half) == .halfBlocks(.truecolor))
    }

    @Test("no colour: each sub-pixel on or off by the ordered threshold, as a pattern")
    func mono() {
        let pixels = RGBImage(width: 2, height: 2, pixels: [255, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255, 255])
        let cells = SymbolCells.render(pixels, columns: 1, rows: 1, set: .quadrant, depth: .mono)
        #expect(cells.cells == [ImageCell(character: "▚")])
    }

    // MARK: - Fidelity
    /// The photo-like pattern at 40×20 cells: the errors of each set, against the same box-filtered source.
    @Test("at the same cells, each finer set is closer to the source than the coarser one")
    func finerIsCloser() throws {
        let image = TestImages.photoLike(width: 400, height: 300)
        var errors: [SymbolSet: Double] = [:]
        for set in SymbolSet.allCases {
            let cells = CellRenderer.render(image, columns: 40, rows: 15, drawing: .text(.truecolor, symbols: set))
            errors[set] = PictureFidelity.error(of: cells, against: image)
        }
        let half = try #require(errors[.half])
        let quadrant = try #require(errors[.quadrant])
        let sextant = try #require(errors[.sextant])
        let octant = try #require(errors[.octant])
        #expect(quadrant < half && sextant < quadrant && octant < sextant, "\(errors)")
        // Exact figures of this pattern, so a change in the search shows.
        #expect((half * 100).rounded() / 100 == 5.61, "half \(half)")
        // Sextants were 5.01 before they weighed the half block too, 4.90 before the matcher (SymbolMatcher)
        // weighed quadrants and eighths beside them on 8×24 samples a cell.
        #expect((sextant * 100).rounded() / 100 == 4.88, "sextant \(sextant)")
    }
}
