import PhotoramaImages
import Testing

@Suite("Fitting protocol pictures into whole cells, and the box filter that sizes them")
struct PixelFitTests {
    let cell = PixelSize(width: 10, height: 20)

    @Test("a 4:3 photo in 80×40 cells of 10×20 takes 80×30 cells, 800×600 pixels")
    func landscape() {
        let placement = PixelFit.placement(PixelSize(width: 4000, height: 3000), columns: 80, rows: 40, cell: cell)
        #expect(placement == PixelFit.Placement(columns: 80, rows: 30, pixels: PixelSize(width: 800, height: 600)))
    }

    @Test("a 3:4 portrait in 80×40 cells takes 60×40 cells, 600×800 pixels")
    func portrait() {
        let placement = PixelFit.placement(PixelSize(width: 3000, height: 4000), columns: 80, rows: 40, cell: cell)
        #expect(placement == PixelFit.Placement(columns: 60, rows: 40, pixels: PixelSize(width: 600, height: 800)))
    }

    @Test("a small photo is scaled up to the area; cells of 9×17 from a terminal that reports them")
    func upscaleAndOddCells() {
        let placement = PixelFit.placement(PixelSize(width: 400, height: 300), columns: 40, rows: 20, cell: PixelSize(width: 9, height: 17))
        // 360×340 pixels of area: width limits, 360×270, 40 columns and 270/17 = 15.9 → 16 rows.
        #expect(placement == PixelFit.Placement(columns: 40, rows: 16, pixels: PixelSize(width: 360, height: 272)))
        #expect(PixelFit.placement(PixelSize(width: 0, height: 3), columns: 4, rows: 4, cell: cell) == nil)
        #expect(PixelFit.placement(PixelSize(width: 3000, height: 10), columns: 4, rows: 4, cell: cell)?.rows == 1)
    }

    @Test("the box filter averages each block exactly")
    func boxAverages() {
        // 4×2 → 2×1: each output pixel averages a 2×2 block.
        let source = RGBImage(width: 4, height: 2, pixels: [
            0, 0, 0, 10, 20, 30, 100, 100, 100, 200, 200, 200,
            2, 4, 6, 20, 40, 60, 0, 0, 0, 100, 100, 100,
        ])
        let scaled = BoxScaling.resize(source, to: PixelSize(width: 2, height: 1))
        #expect(scaled == RGBImage(width: 2, height: 1, pixels: [8, 16, 24, 100, 100, 100]))
        let checker = RGBImage(width: 2, height: 2, pixels: [255, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255, 255])
        #expect(BoxScaling.resize(checker, to: PixelSize(width: 1, height: 1)).pixels == [128, 128, 128])
        #expect(BoxScaling.resize(checker, to: PixelSize(width: 4, height: 2)).pixels
            == [255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255])
    }
}
