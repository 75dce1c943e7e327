import Testing

@testable import PhotoramaImages

@Suite("Pictures that fill their area, cropped around the centre")
struct FillTests {
    /// Four columns (red, green, blue, white) in two rows.
    static let wide = RGBImage(width: 4, height: 2, pixels: [UInt8]([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]).repeated(2))

    @Test("a wide image cut to a tall area keeps its middle columns; a tall one cut to a wide area its middle rows")
    func crops() {
        // One half-block cell (1×2 pixels): the shape 1:2 out of 4×2 is one column, the second.
        let narrow = PixelFit.croppedToFill(Self.wide, area: CellSize(columns: 1, rows: 1), cell: PixelFit.halfBlock)
        #expect(narrow == RGBImage(width: 1, height: 2, pixels: [0, 255, 0, 0, 255, 0]))
        // Two cells across (2×2 pixels): the middle two columns.
        let square = PixelFit.croppedToFill(Self.wide, area: CellSize(columns: 2, rows: 1), cell: PixelFit.halfBlock)
        #expect(square == RGBImage(width: 2, height: 2, pixels: [0, 255, 0, 0, 0, 255, 0, 255, 0, 0, 0, 255]))
        // Already the area's shape (4 cells of 1×2 over one row: 4×2): unchanged.
        #expect(PixelFit.croppedToFill(Self.wide, area: CellSize(columns: 4, rows: 1), cell: PixelFit.halfBlock) == Self.wide)
        // A tall image (1×4: red, green, blue, white rows) in a 1×1-pixel-shaped area: the second row.
        let tall = RGBImage(width: 1, height: 4, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
        let middle = PixelFit.croppedToFill(tall, area: CellSize(columns: 1, rows: 1), cell: PixelSize(width: 10, height: 10))
        #expect(middle == RGBImage(width: 1, height: 1, pixels: [0, 255, 0]))
    }

    @Test("drawn with .fill the picture takes the whole area; with .fit it keeps bars")
    func drawsTheWholeArea() throws {
        let area = CellSize(columns: 2, rows: 2)
        guard
            case .cells(let filled) = try DrawnPicture.draw(
                Self.wide, in: area, as: .halfBlocks(.truecolor), cell: PixelSize(width: 8, height: 16), kitty: .store(id: 0), mode: .fill)
        else {
            Issue.record("not cells")
            return
        }
        #expect((filled.columns, filled.rows) == (2, 2))
        guard
            case .cells(let fitted) = try DrawnPicture.draw(
                Self.wide, in: area, as: .halfBlocks(.truecolor), cell: PixelSize(width: 8, height: 16), kitty: .store(id: 0))
        else {
            Issue.record("not cells")
            return
        }
        #expect((fitted.columns, fitted.rows) == (2, 1))
    }
}
