import Testing

@testable import PhotoramaImages

/// Symbols in 256 colours (issue 41, point 3): the 24-bit matcher's shape, each of its colours the entry
/// nearest in sRGB (least absolute differences), where the old search (grid patterns, pairs in Oklab, error carried between cells) was
/// further from the photo.
@Suite("Symbols in 256 colours")
struct PaletteSymbolsTests {
    @Test("the nearest entry in sRGB: cube and grey ramp")
    func nearestInSRGB() {
        #expect(Palette.nearest256RGB(r: 100, g: 118, b: 141) == 66)  // (95, 135, 135)
        #expect(Palette.nearest256RGB(r: 120, g: 120, b: 121) == 243)  // grey 118
        #expect(Palette.nearest256RGB(r: 255, g: 0, b: 0) == 196)
        #expect(Palette.nearest256RGB(r: 0, g: 0, b: 0) == 16)
    }

    /// The photo-like pattern at 40×15 cells, quadrants: exact figures, so a change in the search shows.
    @Test("quadrants in 256 colours are closer to the photo than the old grid search")
    func quadrantsCloser() throws {
        let image = TestImages.photoLike(width: 400, height: 300)
        let cells = CellRenderer.render(image, columns: 40, rows: 15, drawing: .text(.palette256, symbols: .quadrant))
        let error = try #require(PictureFidelity.error(of: cells, against: image))
        let pixels = Resampler.areaAverage(image, to: PixelSize(width: 80, height: 30))
        let old = SymbolCells.render(pixels, columns: 40, rows: 15, set: .quadrant, depth: .palette256)
        let oldError = try #require(PictureFidelity.error(of: old, against: image))
        #expect((error * 100).rounded() / 100 == 12.51, "now \(error)")
        #expect((oldError * 100).rounded() / 100 == 14.59, "old \(oldError)")
        #expect(error < oldError)
    }
}
