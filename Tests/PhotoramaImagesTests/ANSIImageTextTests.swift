import Testing

@testable import PhotoramaImages

/// What `photorama show` prints for cells: colours only where they change, a reset at each line's end.
@Suite struct ANSIImageTextTests {
    @Test func cellsBecomeExactBytes() {
        let red = CellColor.rgb(255, 0, 7)
        let cells = CellImage(
            columns: 3, rows: 2,
            cells: [
                ImageCell(character: "▀", foreground: red, background: .indexed(3)),
                ImageCell(character: "▀", foreground: red, background: .indexed(3)),
                ImageCell(character: "▀", foreground: .indexed(12), background: .indexed(200)),
                ImageCell(character: "#"),
                ImageCell(character: "é", foreground: .indexed(9)),
                ImageCell(character: " ", foreground: .indexed(9)),
            ])
        let expected =
            "\u{1B}[38;2;255;0;7m\u{1B}[43m▀▀\u{1B}[94m\u{1B}[48;5;200m▀\u{1B}[0m\n"
            + "\u{1B}[39m\u{1B}[49m#\u{1B}[91mé \u{1B}[0m\n"
        #expect(ANSIImageText.text(cells) == expected)
        #expect(ANSIImageText.bytes(cells) == Array(expected.utf8))
    }
}
