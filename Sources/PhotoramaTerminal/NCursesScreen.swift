import CNCurses
import Foundation
import PhotoramaTUI

#if canImport(Glibc)
import Glibc
#endif

/// The ncurses screen: opens it, reads keys, mouse and resizes, and copies frames to it, writing only the
/// cells that changed since the last frame (as ratatui's terminal backend does).
///
/// Not thread-safe: ncurses is not. Use it from one thread only.
public final class NCursesScreen {
    private var previous: Frame?
    private var pairs: [PairKey: Int16] = [:]
    private let useColor: Bool
    private var isOpen = false

    struct PairKey: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// Opens the full-screen UI. `useColor: false` keeps everything monochrome.
    public init(useColor: Bool) {
        // Without the locale every non-ASCII character draws as blank.
        setlocale(LC_ALL, "")
        initscr()
        isOpen = true
        raw()  // Ctrl-C arrives as a key, so quitting always goes through the normal clean-up path.
        noecho()
        nonl()
        keypad(photorama_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mouseinterval(0)
        mousemask(photorama_all_mouse_events() & ~mmask_t(0x10000000), nil)
        var canColor = false
        if useColor, has_colors() {
            start_color()
            use_default_colors()
            canColor = photorama_colors() >= 8
        }
        self.useColor = canColor
    }

    deinit { restore() }

    /// Leaves the full-screen UI: the terminal is as it was, with a visible cursor. Safe to call twice.
    public func restore() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        endwin()
    }

    public var size: Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        photorama_getmaxyx(photorama_stdscr(), &rows, &columns)
        return Size(columns: max(0, Int(columns)), rows: max(0, Int(rows)))
    }

    /// Waits up to `timeoutMilliseconds` for input and returns what arrived (nothing on timeout).
    public func readInput(timeoutMilliseconds: Int32) -> [Action] {
        wtimeout(photorama_stdscr(), timeoutMilliseconds)
        var actions: [Action] = []
        var first = true
        while true {
            var character: wint_t = 0
            let result = wget_wch(photorama_stdscr(), &character)
            if result == photorama_err() { break }
            if first {
                // Drain whatever else is already queued (a held key) without waiting again.
                wtimeout(photorama_stdscr(), 0)
                first = false
            }
            let code = Int32(bitPattern: UInt32(character))
            if result == photorama_key_code_yes() {
                if code == photorama_key_resize() {
                    previous = nil
                    actions.append(.resize(size))
                    continue
                }
                if code == photorama_key_mouse() {
                    if let mouse = readMouse() { actions.append(.mouse(mouse)) }
                    continue
                }
            }
            if let key = KeyDecoder.key(code: UInt32(character), isKeyCode: result == photorama_key_code_yes()) {
                actions.append(.key(key))
            }
            if actions.count >= 64 { break }
        }
        return actions
    }

    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == photorama_ok() else { return nil }
        let state = event.bstate
        let row = Int(event.y)
        let column = Int(event.x)
        if state & photorama_button4_pressed() != 0 { return .wheelUp(row: row, column: column) }
        if state & photorama_button5_pressed() != 0 { return .wheelDown(row: row, column: column) }
        if state & (photorama_button1_pressed() | photorama_button1_clicked()) != 0 {
            return .press(row: row, column: column)
        }
        return nil
    }

    /// Copies `frame` to the screen, writing only cells that differ from the previous frame.
    public func draw(_ frame: Frame) {
        let size = self.size
        guard size.rows > 0, size.columns > 0 else { return }
        let full = previous == nil || previous?.size != frame.size
        if full { werase(photorama_stdscr()) }
        let rows = min(size.rows, frame.size.rows)
        let columns = min(size.columns, frame.size.columns)
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let cell = frame[row, column]
                let width = max(1, cell.width)
                defer { column += width }
                if !full, let previous, previous[row, column] == cell,
                    width == 1 || previous[row, column + 1] == frame[row, column + 1]
                {
                    continue
                }
                if column + width > columns { continue }
                // Writing the bottom-right cell would make curses scroll the screen; inserting there does not.
                let bottomRight = row == size.rows - 1 && column + width >= size.columns
                put(cell, row: row, column: column, insert: bottomRight)
            }
        }
        previous = frame
        wnoutrefresh(photorama_stdscr())
        doupdate()
    }

    /// Forgets the previous frame so the next draw repaints everything (after a redraw request).
    public func invalidate() { previous = nil }

    private func put(_ cell: Cell, row: Int, column: Int, insert: Bool = false) {
        let pieces = Self.drawable(cell)
        var attributes = photorama_a_normal()
        if cell.style.bold { attributes |= photorama_a_bold() }
        if cell.style.dim { attributes |= photorama_a_dim() }
        if cell.style.underline { attributes |= photorama_a_underline() }
        if cell.style.reverse { attributes |= photorama_a_reverse() }
        let pair = useColor ? pairNumber(for: cell.style) : 0
        var offset = 0
        for piece in pieces {
            var wide = piece.characters + [0]
            var cchar = cchar_t()
            guard photorama_setcchar(&cchar, &wide, attributes, pair) == photorama_ok() else { return }
            if insert {
                mvwins_wch(photorama_stdscr(), Int32(row), Int32(column + offset), &cchar)
            } else {
                mvwadd_wch(photorama_stdscr(), Int32(row), Int32(column + offset), &cchar)
            }
            offset += piece.width
        }
    }

    /// What ncurses is given for one cell: one or more spacing characters with their widths, adding up
    /// to the cell's width.
    struct Piece: Equatable {
        var characters: [wchar_t]
        var width: Int
    }

    /// The wide characters to hand ncurses for a cell, and how many columns ncurses will give them.
    /// ncurses measures a cluster by its first character (wcwidth); when that disagrees with the frame
    /// (emoji sequences, flags), draw a stand-in of the right width instead of letting columns drift.
    static func drawable(_ cell: Cell) -> [Piece] {
        let scalars = Array(cell.grapheme.unicodeScalars)
        guard let first = scalars.first else { return [Piece(characters: [32], width: 1)] }
        let firstWidth = Int(photorama_wcwidth(first.value))
        if firstWidth == cell.width {
            // Keep only the non-spacing characters after the first: setcchar accepts no second spacing one.
            var chars = [wchar_t(first.value)]
            for scalar in scalars.dropFirst() where photorama_wcwidth(scalar.value) == 0 && chars.count < 5 {
                chars.append(wchar_t(scalar.value))
            }
            return [Piece(characters: chars, width: firstWidth)]
        }
        // A flag (two regional indicators) becomes its two letters: "🇫🇷" → "FR".
        let indicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
        if cell.width == 2, indicators.count == 2 {
            return indicators.map { Piece(characters: [wchar_t($0.value - 0x1F1E6 + 65)], width: 1) }
        }
        // An emoji that ncurses thinks is narrow (☀️ is U+2600 + VS16): its text form and a space, so the
        // terminal cannot widen it behind ncurses' back.
        if cell.width == 2, firstWidth == 1 {
            return [Piece(characters: [wchar_t(first.value)], width: 1), Piece(characters: [32], width: 1)]
        }
        // "？" (fullwidth, 2 columns) or "?".
        return cell.width == 2 ? [Piece(characters: [0xFF1F], width: 2)] : [Piece(characters: [63], width: 1)]
    }

    private func pairNumber(for style: Style) -> Int16 {
        let key = PairKey(foreground: Self.colorNumber(style.foreground), background: Self.colorNumber(style.background))
        if key.foreground == -1 && key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        let next = Int16(pairs.count + 1)
        guard Int(next) < photorama_color_pairs() else { return 0 }
        init_pair(next, key.foreground, key.background)
        pairs[key] = next
        return next
    }

    /// ncurses colour numbers; -1 is the terminal's default (use_default_colors). Bright colours need a
    /// 16-colour terminal and fall back to their normal counterparts.
    static func colorNumber(_ color: Color, colors: Int = Int(photorama_colors())) -> Int16 {
        let base: [Color: Int16] = [
            .black: 0, .red: 1, .green: 2, .yellow: 3, .blue: 4, .magenta: 5, .cyan: 6, .white: 7,
            .brightBlack: 8, .brightRed: 9, .brightGreen: 10, .brightYellow: 11, .brightBlue: 12,
            .brightMagenta: 13, .brightCyan: 14, .brightWhite: 15,
        ]
        guard let number = base[color] else { return -1 }
        return number >= 8 && colors < 16 ? number - 8 : number
    }
}

extension NCursesScreen {
    /// If the process dies from a fatal signal while the screen is open, put the terminal back first so
    /// the user's shell is usable. (endwin is not async-signal-safe, but the process is dying anyway.)
    public static func installEmergencyRestore() {
        for fatal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(fatal) { number in
                endwin()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
