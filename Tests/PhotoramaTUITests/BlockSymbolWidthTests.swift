import PhotoramaImages
import PhotoramaText
import Testing

@testable import PhotoramaTUI

/// Every character a picture of block symbols is made of is one column, in the one width table the
/// frame uses, so a row of picture cells is exactly as wide as the picture.
@Suite struct BlockSymbolWidthTests {
    @Test(arguments: SymbolSet.allCases)
    func everySymbolIsOneColumn(set: SymbolSet) throws {
        let image = RGBImage(width: 64, height: 48, pixels: (0..<(64 * 48 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let cells = CellRenderer.render(image, columns: 16, rows: 8, drawing: .text(.truecolor, symbols: set))
        #expect(cells.cells.allSatisfy { DisplayWidth.of($0.character) == 1 })
        for character in "▘▝▀▖▌▞▛▗▚▐▜▄▙▟█\u{1FB00}\u{1FB3B}\u{1CD00}\u{1CDE5}\u{1CEA0}\u{1CEAB}\u{1FB82}\u{1FB85}\u{1FBE6}\u{1FBE7}" {
            #expect(DisplayWidth.of(character) == 1, "\(character)")
        }
    }
}
