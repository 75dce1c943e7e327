import Testing

@testable import PhotoramaImages

@Suite("The symbol matcher in 24-bit colour")
struct SymbolMatcherTests {
    static let red: [UInt8] = [200, 10, 10]
    static let blue: [UInt8] = [10, 20, 180]

    /// One cell of the matcher's samples for `set` (8 across, 8 or 24 down): blue where `ink(x, y)`
    /// says, in eighths of the cell across and 24ths down, red elsewhere.
    static func cell(_ set: SymbolSet, ink: (_ x: Int, _ y: Int) -> Bool) -> RGBImage {
        let rows = SymbolMatcher.rows(for: set)
        var pixels: [UInt8] = []
        for y in 0..<rows {
            for x in 0..<8 { pixels += ink(x, y * 24 / rows) ? blue : red }
        }
        return RGBImage(width: 8, height: rows, pixels: pixels)
    }

    static func draw(_ set: SymbolSet, ink: (_ x: Int, _ y: Int) -> Bool) -> [ImageCell] {
        SymbolMatcher.render(cell(set, ink: ink), columns: 1, rows: 1, set: set).cells
    }

    static let blueOnRed = (foreground: CellColor.rgb(10, 20, 180), background: CellColor.rgb(200, 10, 10))

    static func blueOn(_ character: Character) -> [ImageCell] {
        [ImageCell(character: character, foreground: blueOnRed.foreground, background: blueOnRed.background)]
    }

    @Test("a uniform cell is a space with that background", arguments: [SymbolSet.quadrant, .sextant, .octant])
    func uniform(set: SymbolSet) {
        let cells = SymbolMatcher.render(
            TestImages.solid(width: 8, height: SymbolMatcher.rows(for: set), 90, 100, 110), columns: 1, rows: 1, set: set)
        #expect(cells.cells == [ImageCell(character: " ", foreground: .rgb(90, 100, 110), background: .rgb(90, 100, 110))])
    }

    @Test("the lower half in a second colour is ▄ with both colours exactly", arguments: [SymbolSet.quadrant, .sextant, .octant])
    func lowerHalf(set: SymbolSet) {
        #expect(Self.draw(set) { _, y in y >= 12 } == Self.blueOn("▄"))
    }

    @Test("a lower three eighths is ▃ and a left three eighths ▍", arguments: [SymbolSet.quadrant, .sextant, .octant])
    func eighths(set: SymbolSet) {
        #expect(Self.draw(set) { _, y in y >= 15 } == Self.blueOn("▃"))
        #expect(Self.draw(set) { x, _ in x < 3 } == Self.blueOn("▍"))
        #expect(Self.draw(set) { _, y in y >= 21 } == Self.blueOn("▁"))
        #expect(Self.draw(set) { x, _ in x < 7 } == Self.blueOn("▉"))
    }

    @Test("a quadrant pattern is that quadrant")
    func quadrant() {
        // Upper right and lower left in blue: QUADRANT UPPER RIGHT AND LOWER LEFT, the mask's bits 1 and 2.
        #expect(Self.draw(.quadrant) { x, y in (x >= 4) != (y >= 12) } == Self.blueOn("▞"))
    }

    @Test("sextants are drawn where the set has them, and not in quadrants")
    func sextant() {
        // The middle third's right and the lower third's left: BLOCK SEXTANT-45, U+1FB2B… by mask 0b01_1000.
        let ink: (Int, Int) -> Bool = { x, y in (y >= 8 && y < 16 && x >= 4) || (y >= 16 && x < 4) }
        let expected = SymbolGlyphs.sextants[0b01_1000]
        #expect(expected.unicodeScalars.first?.properties.name == "BLOCK SEXTANT-45")
        #expect(Self.draw(.sextant, ink: ink) == Self.blueOn(expected))
        #expect(Self.draw(.octant, ink: ink) == Self.blueOn(expected))
        let quadrants = Self.draw(.quadrant, ink: ink)
        #expect(quadrants.count == 1 && quadrants.first?.character.unicodeScalars.first?.value ?? 0 < 0x1FB00)
    }

    @Test("an octant is drawn in the octant set alone")
    func octant() {
        // The lower right octant: its own character, BLOCK OCTANT-8.
        let ink: (Int, Int) -> Bool = { x, y in x >= 4 && y >= 18 }
        #expect(Self.draw(.octant, ink: ink) == Self.blueOn(SymbolGlyphs.octants[0b1000_0000]))
        #expect(Self.draw(.sextant, ink: ink) != Self.blueOn(SymbolGlyphs.octants[0b1000_0000]))
    }

    @Test("three colours: the split with the least weighted squared error, and the means as colours")
    func leastError() {
        // Left quarter white, the next quarter light grey, the right half black: the greys against the black.
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<8 { pixels += x < 2 ? [255, 255, 255] : x < 4 ? [205, 205, 205] : [0, 0, 0] }
        }
        let cells = SymbolMatcher.render(RGBImage(width: 8, height: 8, pixels: pixels), columns: 1, rows: 1, set: .quadrant)
        #expect(cells.cells == [ImageCell(character: "▌", foreground: .rgb(230, 230, 230), background: .rgb(0, 0, 0))])
    }

    @Test("the pipeline draws symbols in 24-bit colour with the matcher, cell by cell")
    func pipeline() {
        // Two cells side by side, given at the matcher's own samples: resampling keeps them.
        let left = Self.cell(.sextant) { _, y in y >= 15 }
        let right = Self.cell(.sextant) { x, _ in x < 3 }
        var pixels: [UInt8] = []
        for y in 0..<24 {
            pixels += left.pixels[(y * 8 * 3)..<((y + 1) * 8 * 3)]
            pixels += right.pixels[(y * 8 * 3)..<((y + 1) * 8 * 3)]
        }
        let cells = CellRenderer.render(
            RGBImage(width: 16, height: 24, pixels: pixels), columns: 2, rows: 1, drawing: .symbols(.sextant, .truecolor))
        #expect(cells.cells == Self.blueOn("▃") + Self.blueOn("▍"))
    }

    @Test("the fidelity measure paints the eighth blocks by their ink")
    func eighthsInk() throws {
        let ink = try #require(PictureFidelity.coverage(of: "▃"))
        #expect(ink.filter { $0 }.count == 8 * 9)
        #expect(ink[(24 - 9) * 8] && !ink[(24 - 10) * 8 + 7])
        let left = try #require(PictureFidelity.coverage(of: "▍"))
        #expect(left.filter { $0 }.count == 3 * 24)
        #expect(left[2] && !left[3])
    }
}
