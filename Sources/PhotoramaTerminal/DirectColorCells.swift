import PhotoramaImages
import PhotoramaScreen

/// Cells with a 24-bit colour, which ncurses cannot hold on ordinary terminfo entries: ncurses keeps a
/// placeholder there (so it never draws over them on its own, and repaints them when text replaces them)
/// and these bytes, written right after ncurses' refresh, put the real cells on the terminal.
enum DirectColorCells {
    static func isDirect(_ style: Style) -> Bool {
        if case .rgb = style.foreground { return true }
        if case .rgb = style.background { return true }
        return false
    }

    /// The bytes that write the 24-bit cells ncurses may just have drawn over, in one batch between
    /// DECSC and DECRC so ncurses' idea of the cursor position and attributes stays right; empty when
    /// there are none.
    ///
    /// After a full repaint that is every such cell. Otherwise ncurses only wrote on rows where something
    /// changed, between the first and the last changed cell (it rewrites short runs of unchanged cells
    /// rather than move the cursor), give or take the halves of a wide character: those cells are
    /// written again, and no others. Block symbols ncurses cannot measure (`unmeasuredSymbol`) are
    /// written the same way; `colors: false` (a screen without colour) writes only those, without colours.
    static func output(frame: Frame, previous: Frame?, visible: CellSize, full: Bool, colors: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        let rows = min(visible.rows, frame.size.rows)
        let columns = min(visible.columns, frame.size.columns)
        let repaint = full || previous?.size != frame.size
        for row in 0..<rows {
            guard let span = repaint ? 0..<columns : changedSpan(row: row, frame: frame, previous: previous, columns: columns)
            else { continue }
            var lastStyle: Style?
            var cursorColumn = -1
            var column = span.lowerBound
            while column < span.upperBound {
                let cell = frame[row, column]
                let width = max(1, cell.width)
                defer { column += width }
                let symbol = NCursesScreen.unmeasuredSymbol(cell) != nil
                guard cell.width > 0, (colors && isDirect(cell.style)) || symbol, column + width <= columns else { continue }
                if bytes.isEmpty { bytes += escape("7") }
                if cursorColumn != column {
                    bytes += csi("\(row + 1);\(column + 1)H")
                    lastStyle = nil
                }
                var style = cell.style
                if !colors { (style.foreground, style.background) = (.default, .default) }
                if lastStyle != style { bytes += csi(sgr(style) + "m") }
                lastStyle = style
                for character in NCursesScreen.terminalCharacters(cell) {
                    if let scalar = Unicode.Scalar(UInt32(character)) { bytes += Array(String(scalar).utf8) }
                }
                cursorColumn = column + width
            }
        }
        if !bytes.isEmpty { bytes += escape("8") }
        return bytes
    }

    /// The columns of a row ncurses may have written: the changed cells, one more on each side.
    static func changedSpan(row: Int, frame: Frame, previous: Frame?, columns: Int) -> Range<Int>? {
        guard let previous else { return 0..<columns }
        var first: Int?
        var last = 0
        for column in 0..<columns where frame[row, column] != previous[row, column] {
            if first == nil { first = column }
            last = column
        }
        guard let first else { return nil }
        return max(0, first - 1)..<min(columns, last + 2)
    }

    /// SGR parameters for a style, starting from a reset.
    static func sgr(_ style: Style) -> String {
        var parameters = ["0"]
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.underline { parameters.append("4") }
        if style.reverse { parameters.append("7") }
        if let foreground = colorParameters(style.foreground, base: 30) { parameters.append(foreground) }
        if let background = colorParameters(style.background, base: 40) { parameters.append(background) }
        return parameters.joined(separator: ";")
    }

    /// `base` is 30 for the foreground, 40 for the background.
    static func colorParameters(_ color: Color, base: Int) -> String? {
        switch color {
        case .default:
            return nil
        case .rgb(let red, let green, let blue):
            return "\(base + 8);2;\(red);\(green);\(blue)"
        case .indexed(let index):
            return "\(base + 8);5;\(index)"
        default:
            guard let index = Color.named.firstIndex(of: color) else { return nil }
            return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
        }
    }

    static func escape(_ final: String) -> [UInt8] { [0x1B] + Array(final.utf8) }
    static func csi(_ body: String) -> [UInt8] { [0x1B, 0x5B] + Array(body.utf8) }
}
