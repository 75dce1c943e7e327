import Testing

@testable import PhotoramaImages

@Suite("Drawing pixels as cells")
struct RenderingTests {
    /// 2×4 pixels: column 0 red over green over blue over white, column 1 black, grey 128, yellow, cyan.
    let image = RGBImage(
        width: 2, height: 4,
        pixels: [
            255, 0, 0, 0, 0, 0,
            0, 255, 0, 128, 128, 128,
            0, 0, 255, 255, 255, 0,
            255, 255, 255, 0, 255, 255,
        ])

    @Test("24-bit: each cell is ▀ with the upper pixel as foreground and the lower as background")
    func truecolor() {
        let cells = CellRenderer.render(image, columns: 2, rows: 2, drawing: .halfBlocks(.truecolor))
        #expect(
            cells.cells == [
                ImageCell(character: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 255, 0)),
                ImageCell(character: "▀", foreground: .rgb(0, 0, 0), background: .rgb(128, 128, 128)),
                ImageCell(character: "▀", foreground: .rgb(0, 0, 255), background: .rgb(255, 255, 255)),
                ImageCell(character: "▀", foreground: .rgb(255, 255, 0), background: .rgb(0, 255, 255)),
            ])
    }

    @Test("256 colours: the cube and grey entries nearest in Oklab")
    func palette256() {
        let cells = CellRenderer.render(image, columns: 2, rows: 2, drawing: .halfBlocks(.palette256))
        #expect(
            cells.cells == [
                ImageCell(character: "▀", foreground: .indexed(196), background: .indexed(46)),
                ImageCell(character: "▀", foreground: .indexed(16), background: .indexed(244)),
                ImageCell(character: "▀", foreground: .indexed(21), background: .indexed(231)),
                ImageCell(character: "▀", foreground: .indexed(226), background: .indexed(51)),
            ])
    }

    @Test(
        "the fast 256-colour lookup agrees with trying all 240 entries",
        arguments: [
            (255, 128, 0), (12, 34, 56), (200, 200, 210), (95, 135, 175), (1, 1, 1), (250, 240, 230), (130, 20, 200), (60, 180, 75),
        ])
    func nearest256Agrees(r: Int, g: Int, b: Int) {
        #expect(Palette.nearest256(r: UInt8(r), g: UInt8(g), b: UInt8(b)) == Palette.nearest256Exact(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
    }

    @Test("exact palette colours map to themselves; a saturated orange is not taken for a grey")
    func paletteMapping() {
        #expect(Palette.nearest256(r: 95, g: 135, b: 175) == 67)
        #expect(Palette.nearest256(r: 128, g: 128, b: 128) == 244)
        #expect(Palette.nearest256(r: 255, g: 135, b: 0) == 208)
        #expect(Palette.nearest256(r: 238, g: 238, b: 238) == 255)
    }

    @Test("16 colours: the ANSI colours nearest in Oklab")
    func palette16() {
        let cells = CellRenderer.render(image, columns: 2, rows: 2, drawing: .halfBlocks(.palette16))
        #expect(
            cells.cells == [
                ImageCell(character: "▀", foreground: .indexed(9), background: .indexed(10)),
                ImageCell(character: "▀", foreground: .indexed(0), background: .indexed(8)),
                ImageCell(character: "▀", foreground: .indexed(4), background: .indexed(15)),
                ImageCell(character: "▀", foreground: .indexed(11), background: .indexed(14)),
            ])
    }

    @Test("monochrome: block characters from dithered luminance, no colours")
    func mono() {
        let white = RGBImage(width: 1, height: 2, pixels: [255, 255, 255, 255, 255, 255])
        let black = RGBImage(width: 1, height: 2, pixels: [0, 0, 0, 0, 0, 0])
        let half = RGBImage(width: 1, height: 2, pixels: [255, 255, 255, 0, 0, 0])
        #expect(CellRenderer.render(white, columns: 1, rows: 1, drawing: .halfBlocks(.mono)).cells == [ImageCell(character: "█")])
        #expect(CellRenderer.render(black, columns: 1, rows: 1, drawing: .halfBlocks(.mono)).cells == [ImageCell(character: " ")])
        #expect(CellRenderer.render(half, columns: 1, rows: 1, drawing: .halfBlocks(.mono)).cells == [ImageCell(character: "▀")])
        // A mid grey (L* 50) dithers to half of a 4×4 tile's pixels on.
        let grey = TestImages.solid(width: 4, height: 8, 119, 119, 119)
        let cells = CellRenderer.render(grey, columns: 4, rows: 4, drawing: .halfBlocks(.mono)).cells
        let on = cells.reduce(0) { $0 + ($1.character == "█" ? 2 : $1.character == " " ? 0 : 1) }
        #expect(on == 16)
        #expect(cells.allSatisfy { $0.foreground == .none && $0.background == .none })
    }

    @Test("ASCII: darker to lighter characters by perceived brightness")
    func ascii() {
        let ramp = RGBImage(width: 3, height: 2, pixels: [0, 0, 0, 128, 128, 128, 255, 255, 255, 0, 0, 0, 128, 128, 128, 255, 255, 255])
        #expect(CellRenderer.render(ramp, columns: 3, rows: 1, drawing: .ascii).cells.map(\.character) == [" ", "+", "@"])
    }

    @Test("resampling a checkerboard averages it in linear light instead of picking pixels")
    func checkerboard() {
        var pixels: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { pixels += (x + y) % 2 == 0 ? [255, 255, 255] : [0, 0, 0] } }
        let board = RGBImage(width: 8, height: 8, pixels: pixels)
        let shrunk = Resampler.areaAverage(board, to: PixelSize(width: 2, height: 2))
        // Half white, half black in linear light is sRGB 188 (a nearest pick would give 0 or 255).
        #expect(shrunk.pixels == [UInt8](repeating: 188, count: 12))
        // A 3-pixel-wide target covers fractional pixels: unequal shares of black and white, but never
        // the pure black or white of a picked pixel.
        let odd = Resampler.areaAverage(board, to: PixelSize(width: 3, height: 3))
        #expect(odd.pixels.allSatisfy { (150...215).contains($0) })
    }
}
