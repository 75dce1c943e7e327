import PhotoramaImages
import Testing

@Suite("Fitting an image into half-block cells (one pixel wide, two high)")
struct FitTests {
    let area = CellSize(columns: 80, rows: 40)

    @Test("a 4:3 photo in 80×40 cells is limited by the width: 80×30")
    func landscape() {
        let fit = PixelFit.placement(PixelSize(width: 4000, height: 3000), in: area, cell: PixelFit.halfBlock)
        #expect(fit == PixelFit.Placement(cells: CellSize(columns: 80, rows: 30), pixels: PixelSize(width: 80, height: 60)))
    }

    @Test("a 3:4 portrait in 80×40 cells is limited by the height: 60×40")
    func portrait() {
        let fit = PixelFit.placement(PixelSize(width: 3000, height: 4000), in: area, cell: PixelFit.halfBlock)
        #expect(fit == PixelFit.Placement(cells: CellSize(columns: 60, rows: 40), pixels: PixelSize(width: 60, height: 80)))
    }

    @Test("an empty area or image takes no cells")
    func empty() {
        #expect(PixelFit.placement(PixelSize(width: 10, height: 10), in: CellSize(columns: 0, rows: 5), cell: PixelFit.halfBlock) == nil)
        #expect(PixelFit.placement(PixelSize(width: 0, height: 10), in: CellSize(columns: 5, rows: 5), cell: PixelFit.halfBlock) == nil)
    }
}
