import Testing

@testable import PhotoramaImages

/// `--dither none|ordered|diffusion` in 256 and 16 colours: flat areas stay one entry, dithering happens
/// where the picture varies.
@Suite("Dithering only where the picture varies")
struct DitherModeTests {
    /// Indices a cell shows: the background, and the foreground where the character has ink.
    static func shown(_ cells: CellImage) -> Set<CellColor> {
        var colors: Set<CellColor> = []
        for cell in cells.cells {
            if cell.character != "█" { colors.insert(cell.background) }
            if cell.character != " " { colors.insert(cell.foreground) }
        }
        return colors
    }

    /// A slate blue between the palette's entries, which diffusion used to turn into a checkerboard of two.
    static let flat = TestImages.solid(width: 64, height: 48, 100, 118, 141)

    @Test(
        "a flat area is one palette entry everywhere, with or without diffusion",
        arguments: [ColorDepth.palette256, .palette16], [DitherMode.none, .diffusion])
    func flatArea(depth: ColorDepth, dither: DitherMode) {
        let expected: UInt8 = depth == .palette256 ? Palette.nearest256(r: 100, g: 118, b: 141) : Palette.nearest16(r: 100, g: 118, b: 141)
        for set in SymbolSet.allCases {
            let cells = CellRenderer.render(Self.flat, columns: 16, rows: 6, drawing: .text(depth, symbols: set), dither: dither)
            #expect(cells.cells.count == 96)
            // Symbols in 256 colours take the entry nearest in sRGB (66, where Oklab's is grey 243).
            let entry = depth == .palette256 && set != .half ? Palette.nearest256RGB(r: 100, g: 118, b: 141) : expected
            #expect(Self.shown(cells) == [.indexed(entry)], "\(set)")
        }
    }

    @Test("ordered dithering patterns a flat area by the Bayer threshold")
    func orderedFlatArea() {
        let cells = CellRenderer.render(Self.flat, columns: 16, rows: 6, drawing: .halfBlocks(.palette256), dither: .ordered)
        #expect(Self.shown(cells).count > 1)
        // The pattern repeats every four pixels across and two cells (four half pixels) down.
        #expect(cells[0, 0] == cells[0, 4] && cells[0, 1] == cells[2, 1])
    }

    /// A ramp across (four levels a pixel) with a slow one down: every pixel differs from its neighbours.
    static let ramp: RGBImage = {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(60 + y), 128] }
        }
        return RGBImage(width: 64, height: 48, pixels: pixels)
    }()

    @Test(
        "where the picture varies, diffusion keeps each cell's mean nearer than the nearest entries do", arguments: [ColorDepth.palette16])
    func rampKeepsItsMean(depth: ColorDepth) throws {
        let plain = CellRenderer.render(Self.ramp, columns: 64, rows: 24, drawing: .halfBlocks(depth), dither: DitherMode.none)
        let diffused = CellRenderer.render(Self.ramp, columns: 64, rows: 24, drawing: .halfBlocks(depth), dither: .diffusion)
        // Cells of 1×2 pixels are too small to average over: 4×4 pixel blocks, as an eye a little away sees them.
        func blurred(_ cells: CellImage) throws -> Double {
            let painted = PictureFidelity.paint(cells).image
            let size = PixelSize(width: 16, height: 12)
            return try #require(
                PictureFidelity.meanAbsoluteError(
                    Resampler.areaAverage(painted, to: size),
                    Resampler.areaAverage(Resampler.areaAverage(Self.ramp, to: painted.size), to: size)))
        }
        let plainError = try blurred(plain)
        let diffusedError = try blurred(diffused)
        #expect(diffusedError < plainError * 0.6, "diffused \(diffusedError), nearest \(plainError)")
        #expect(Self.shown(diffused).count > Self.shown(plain).count)
    }

    @Test("the setting reads any case and names its choices")
    func setting() {
        #expect(DitherMode(setting: " Ordered ") == .ordered)
        #expect(DitherMode(setting: "NONE") == DitherMode.none)
        #expect(DitherMode(setting: "floyd") == nil)
        #expect(DitherMode.choices == "none, ordered or diffusion")
    }
}
