import PhotoramaImages
import Testing

@Suite("Fitting an image into cells")
struct FitTests {
    @Test("a 4:3 photo in 80×40 cells is limited by the width: 80×30")
    func landscape() {
        let fitted = CellRenderer.fittedSize(PixelSize(width: 4000, height: 3000), columns: 80, rows: 40)
        #expect(fitted.columns == 80)
        #expect(fitted.rows == 30)
    }

    @Test("a 3:4 portrait in 80×40 cells is limited by the height: 60×40")
    func portrait() {
        let fitted = CellRenderer.fittedSize(PixelSize(width: 3000, height: 4000), columns: 80, rows: 40)
        #expect(fitted.columns == 60)
        #expect(fitted.rows == 40)
    }

    @Test("an empty area or image takes no cells")
    func empty() {
        #expect(CellRenderer.fittedSize(PixelSize(width: 10, height: 10), columns: 0, rows: 5) == (0, 0))
        #expect(CellRenderer.fittedSize(PixelSize(width: 0, height: 10), columns: 5, rows: 5) == (0, 0))
    }
}

@Suite("Fitting an image into cells for a graphics protocol")
struct PixelFitSizeTests {
    @Test("a 4000×3000 photo in 80×40 cells of 10×20 pixels is 800×600 pixels over 80×30 cells")
    func landscape() {
        let fit = PixelFit.fit(PixelSize(width: 4000, height: 3000), columns: 80, rows: 40, cell: PixelSize(width: 10, height: 20))
        #expect(fit.pixels == PixelSize(width: 800, height: 600))
        #expect(fit.columns == 80)
        #expect(fit.rows == 30)
    }

    @Test("a portrait is limited by the height and covers the cells its pixels reach")
    func portrait() {
        let fit = PixelFit.fit(PixelSize(width: 3000, height: 4000), columns: 80, rows: 40, cell: PixelSize(width: 9, height: 18))
        #expect(fit.pixels == PixelSize(width: 540, height: 720))
        #expect(fit.columns == 60)
        #expect(fit.rows == 40)
    }

    @Test("empty inputs give nothing")
    func empty() {
        let fit = PixelFit.fit(PixelSize(width: 10, height: 10), columns: 0, rows: 4, cell: PixelSize(width: 10, height: 20))
        #expect(fit.columns == 0 && fit.rows == 0)
    }
}
