import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

/// OSC 8 hyperlinks for the frame's cells with an address (`CellLink.address`). ncurses cannot send them,
/// so, as with the 24-bit cells (`DirectColorCells`), these cells are written again after ncurses'
/// refresh, between DECSC and DECRC, inside `OSC 8 ; ; address ST` … `OSC 8 ; ; ST`, with the very
/// characters and attributes ncurses gave them: the screen shows the same cells, now carrying the link.
///
/// What an incremental update leaves equals what a full redraw leaves: ncurses writes only cells that
/// changed (give or take one on each side, `DirectColorCells.changedSpan`), and writes them without a
/// link, so every linked cell in that span is written again with its link; a cell whose link went while
/// its text stayed is one ncurses does not rewrite, so it is written here, unlinked.
enum LinkedCells {
    /// The bytes for `frame` after `previous` (nil or `full`: every linked cell). `colors`: the
    /// screen's colour count, 0 without colour.
    static func output(frame: Frame, previous: Frame?, visible: CellSize, full: Bool, colors: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let rows = min(visible.rows, frame.size.rows)
        let columns = min(visible.columns, frame.size.columns)
        let repaint = full || previous == nil || previous?.size != frame.size
        for row in 0..<rows {
            guard
                let span = repaint
                    ? 0..<columns : DirectColorCells.changedSpan(row: row, frame: frame, previous: previous, columns: columns)
            else { continue }
            var open: String?
            var cursorColumn = -1
            var lastStyle: String?
            var column = span.lowerBound
            while column < span.upperBound {
                let cell = frame[row, column]
                let width = max(1, cell.width)
                defer { column += width }
                let address = Self.address(cell)
                let unlinked = !repaint && address == nil && previous?[row, column].link?.address != nil
                guard cell.width > 0, address != nil || unlinked, column + width <= columns else { continue }
                if bytes.isEmpty { bytes += DirectColorCells.escape("7") }
                if cursorColumn != column {
                    bytes += DirectColorCells.csi("\(row + 1);\(column + 1)H")
                    lastStyle = nil
                }
                if open != address {
                    bytes += Self.link(address)
                    open = address
                }
                let style = Self.redrawnSGR(cell, colors: colors)
                if lastStyle != style { bytes += DirectColorCells.csi(style + "m") }
                lastStyle = style
                for character in NCursesScreen.terminalCharacters(cell) {
                    if let scalar = Unicode.Scalar(UInt32(character)) { bytes += Array(String(scalar).utf8) }
                }
                cursorColumn = column + width
                if cursorColumn >= span.upperBound || Self.address(frame[row, cursorColumn]) != address {
                    // A run ends where the next cell is not of it: the link is closed before the cursor moves on.
                    if open != nil { bytes += Self.link(nil) }
                    open = nil
                }
            }
            if open != nil { bytes += Self.link(nil) }
        }
        if !bytes.isEmpty { bytes += DirectColorCells.csi("0m") + DirectColorCells.escape("8") }
        return bytes
    }

    /// Where `cell` links to, as the terminal is given it (`Hyperlink.target`); nil for none.
    static func address(_ cell: Cell) -> String? {
        cell.link?.address.flatMap(Hyperlink.target)
    }

    /// `OSC 8 ; ; address ST` opens a link, with no address it closes it.
    static func link(_ address: String?) -> [UInt8] {
        Array("\u{1B}]8;;\(address ?? "")\u{1B}\\".utf8)
    }

    /// A cell's SGR parameters as a full redraw leaves them: a 24-bit cell as `DirectColorCells` writes it,
    /// any other as ncurses draws it (a blank's foreground is the default, `NCursesScreen.inkStyle`).
    static func redrawnSGR(_ cell: Cell, colors: Int) -> String {
        colors > 0 && DirectColorCells.isDirect(cell.style)
            ? DirectColorCells.sgr(cell.style) : sgr(NCursesScreen.inkStyle(cell), colors: colors)
    }

    /// SGR parameters for a cell as ncurses draws it on this screen: its attributes, and its colours as the
    /// colour numbers ncurses would use (`ColorPalette`), written the way xterm's terminfo writes them;
    /// 24-bit colours as `DirectColorCells` writes them.
    static func sgr(_ style: Style, colors: Int) -> String {
        if colors > 0, DirectColorCells.isDirect(style) { return DirectColorCells.sgr(style) }
        var parameters = ["0"]
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.underline { parameters.append("4") }
        if style.reverse { parameters.append("7") }
        guard colors > 0 else { return parameters.joined(separator: ";") }
        for (color, base) in [(style.foreground, 30), (style.background, 40)] {
            let number = Int(ColorPalette.number(color, colors: colors))
            if number < 0 { continue }
            parameters.append(number < 8 ? "\(base + number)" : number < 16 ? "\(base + 60 + number - 8)" : "\(base + 8);5;\(number)")
        }
        return parameters.joined(separator: ";")
    }
}
