import PhotoramaImages
import Testing

@Suite("Fitting protocol pictures into whole cells of the terminal's pixel size")
struct PixelFitTests {
    let cell = PixelSize(width: 10, height: 20)
    let area = CellSize(columns: 80, rows: 40)

    @Test("a 4:3 photo in 80×40 cells of 10×20 takes 80×30 cells, 800×600 pixels")
    func landscape() {
        let placement = PixelFit.placement(PixelSize(width: 4000, height: 3000), in: area, cell: cell)
        #expect(placement == PixelFit.Placement(cells: CellSize(columns: 80, rows: 30), pixels: PixelSize(width: 800, height: 600)))
    }

    @Test("a 3:4 portrait in 80×40 cells takes 60×40 cells, 600×800 pixels")
    func portrait() {
        let placement = PixelFit.placement(PixelSize(width: 3000, height: 4000), in: area, cell: cell)
        #expect(placement == PixelFit.Placement(cells: CellSize(columns: 60, rows: 40), pixels: PixelSize(width: 600, height: 800)))
    }

    @Test("a small photo is scaled up to the area; cells of 9×17 from a terminal that reports them")
    func upscaleAndOddCells() {
        let placement = PixelFit.placement(
            PixelSize(width: 400, height: 300), in: CellSize(columns: 40, rows: 20), cell: PixelSize(width: 9, height: 17))
        // 360×340 pixels of area: width limits, 360×270, 40 columns and 270/17 = 15.9 → 16 rows.
        #expect(placement == PixelFit.Placement(cells: CellSize(columns: 40, rows: 16), pixels: PixelSize(width: 360, height: 272)))
        #expect(PixelFit.placement(PixelSize(width: 0, height: 3), in: CellSize(columns: 4, rows: 4), cell: cell) == nil)
        #expect(PixelFit.placement(PixelSize(width: 3000, height: 10), in: CellSize(columns: 4, rows: 4), cell: cell)?.cells.rows == 1)
    }
}
