import CNCurses
import PhotoramaScreen

extension NCursesScreen {
    /// What ncurses is given for one cell: one spacing character, perhaps with combining marks, and the
    /// columns ncurses (and the terminal, which measures the same way) will give it.
    struct Piece: Equatable {
        var characters: [wchar_t]
        var width: Int
    }

    /// A wide stand-in for a cluster no terminal draws the same way (ZWJ sequences, skin tones, flags,
    /// keycaps, a text character made emoji by VS16): U+3013 GETA MARK, the typesetter's sign for a
    /// missing glyph. It is East Asian Wide, so ncurses, tmux and terminals all give it two columns.
    static let wideStandIn: wchar_t = 0x3013
    /// The narrow stand-in for a one-column cell ncurses would measure differently.
    static let narrowStandIn: wchar_t = 0x3F  // "?"

    /// The characters to hand ncurses for a cell, occupying exactly the cell's columns.
    ///
    /// ncurses measures a cell by its first character (wcwidth) and sends every later character in the
    /// cchar_t as a combining mark; the terminal then decides on its own what those characters do. So a
    /// cluster is drawn whole only when its first character already has the frame's width and everything
    /// after it is a plain combining mark. Anything else would let columns drift on the terminal while
    /// ncurses' picture stays put, leaving fragments that only a full redraw clears:
    /// - a zero-width joiner makes tmux merge whatever ncurses writes next into the emoji's cell;
    /// - a skin-tone modifier or a second emoji is a spacing character of its own (two more columns);
    /// - variation selectors widen the character on some terminals and not on others;
    /// - format, bidi and tag characters are invisible but still attach to the cell.
    static func drawable(_ cell: Cell) -> [Piece] {
        let width = max(1, cell.width)
        let scalars = cell.grapheme.unicodeScalars
        guard let first = scalars.first else { return blanks(width) }
        if scalars.count == 1, first.value >= 0x20, first.value < 0x7F, width == 1 {
            return [Piece(characters: [wchar_t(first.value)], width: 1)]
        }
        if unmeasuredSymbol(cell) != nil { return blanks(1) }
        guard Int(photorama_wcwidth(first.value)) == width else { return standIn(width) }
        var characters = [wchar_t(first.value)]
        for scalar in scalars.dropFirst() {
            if isVariationSelector(scalar.value) { continue }
            if joinsASequence(scalar) { return standIn(width) }
            // Invisible format characters (ZWNJ, bidi marks) would only ride along on the cell.
            if scalar.properties.generalCategory == .format { continue }
            guard isPlainCombiningMark(scalar) else { return standIn(width) }
            // CCHARW_MAX is 5: further marks are dropped (they stack on the same cell anyway).
            if characters.count < 5 { characters.append(wchar_t(scalar.value)) }
        }
        return [Piece(characters: characters, width: width)]
    }

    /// The characters the terminal itself is sent for a cell: `drawable`'s, except that a block symbol
    /// newer than the C library's width table is sent as itself (see `unmeasuredSymbol`).
    static func terminalCharacters(_ cell: Cell) -> [wchar_t] {
        if let symbol = unmeasuredSymbol(cell) { return [symbol] }
        return drawable(cell).flatMap(\.characters)
    }

    /// A cell holding one block symbol for pictures (Symbols for Legacy Computing and its Unicode 16
    /// supplement, where the octants are) that the frame gives one column but the C library's wcwidth
    /// does not know yet (glibc 2.36 says -1 for octants). ncurses cannot place such a character, so it
    /// is given a blank of the cell's style, and the symbol itself is written after ncurses' refresh with
    /// the 24-bit cells (`DirectColorCells`); terminals that draw these symbols give them one column.
    static func unmeasuredSymbol(_ cell: Cell) -> wchar_t? {
        guard cell.width == 1, let scalar = cell.grapheme.unicodeScalars.first, cell.grapheme.unicodeScalars.count == 1 else {
            return nil
        }
        let value = scalar.value
        guard (0x1CC00...0x1CEBF).contains(value) || (0x1FB00...0x1FBFF).contains(value) else { return nil }
        return photorama_wcwidth(value) == 1 ? nil : wchar_t(value)
    }

    static func standIn(_ width: Int) -> [Piece] {
        width == 2
            ? [Piece(characters: [wideStandIn], width: 2)]
            : Array(repeating: Piece(characters: [narrowStandIn], width: 1), count: width)
    }

    static func blanks(_ width: Int) -> [Piece] {
        Array(repeating: Piece(characters: [32], width: 1), count: width)
    }

    /// VS1–VS16 and the supplementary selectors: they only pick a presentation, which the cell's width
    /// already reflects, so they are left out.
    static func isVariationSelector(_ value: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// A zero-width joiner, a skin-tone modifier or a tag character (subdivision flags): the cluster is an
    /// emoji sequence, which this cell cannot show whole.
    static func joinsASequence(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x200D || (0x1F3FB...0x1F3FF).contains(value) || (0xE0020...0xE007F).contains(value)
    }

    /// A nonspacing or enclosing mark (or a Hangul medial/final jamo) that ncurses and the terminal both
    /// treat as zero-width and attach to the character before it.
    static func isPlainCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard photorama_wcwidth(scalar.value) == 0 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        case .otherLetter: return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        default: return false
        }
    }
}
