import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// `--plain`, for screen readers and braille displays: the rendered frame keeps its words and loses what
/// is not words (box drawing, block elements and braille: borders, spinners, the map's land), the status
/// line says the state in one line of words, and the terminal's cursor sits on the selected card's title
/// (a screen reader reads the line under the cursor). Pictures are off before rendering (`BrowserSession`).
enum PlainScreen {
    /// Makes `frame`, rendered for `state`, plain.
    static func adapt(_ frame: inout Frame, state: AppState, layout: ScreenLayout) {
        blankSymbols(&frame)
        let line = state.viewerOpen ? layout.viewerCaption : layout.status
        guard !line.isEmpty else { return }
        frame.fill(line, style: .plain)
        frame.put(PlainStatus.words(state), row: line.row, column: line.column, maxWidth: line.width)
        frame.cursor = cursor(state, layout: layout) ?? CursorPosition(row: line.row, column: line.column)
    }

    /// The selected card's title in the grid; nil when no card is shown (the status line has the cursor).
    static func cursor(_ state: AppState, layout: ScreenLayout) -> CursorPosition? {
        guard !state.viewerOpen, state.overlay == nil, state.map == nil, !state.palette.isOpen, !state.detailOpen,
            let feed = state.currentFeed, feed.count > 0,
            let card = layout.cardRect(index: feed.selection, scrollRow: feed.scrollRow)
        else { return nil }
        return CursorPosition(row: card.row, column: CardInterior.textColumn(GridView.cardInner(card)))
    }

    /// Box drawing (U+2500–257F), block elements (U+2580–259F), braille (U+2800–28FF) and the legacy
    /// computing symbols (U+1FB00–1FBFF) become blanks: a screen reader would read each one aloud.
    static func blankSymbols(_ frame: inout Frame) {
        for row in 0..<frame.size.rows {
            for column in 0..<frame.size.columns {
                let cell = frame[row, column]
                guard let scalar = cell.grapheme.unicodeScalars.first, isSymbol(scalar) else { continue }
                frame.putCell(" ", row: row, column: column, style: cell.style)
            }
        }
    }

    static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2500...0x259F, 0x2800...0x28FF, 0x1FB00...0x1FBFF: true
        default: false
        }
    }
}
