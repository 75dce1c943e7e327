import PhotoramaText

/// The block characters a picture drawn as text is made of: each cell is split into a grid of
/// sub-pixels, and one character with a foreground and a background colour shows any two-colour
/// pattern of them. Finer grids carry more of the photo in the same cells, but need characters that
/// older fonts lack (sextants are Unicode 13, octants Unicode 16).
public enum SymbolSet: String, CaseIterable, Hashable, Sendable {
    /// ▀: 1×2 sub-pixels, in every font.
    case half
    /// U+2596–U+259F and the half blocks: 2×2.
    case quadrant
    /// U+1FB00–U+1FB3B (Symbols for Legacy Computing) and the half blocks: 2×3.
    case sextant
    /// U+1CD00–U+1CDE5 (Unicode 16) with the quadrants, eighths and quarter blocks: 2×4.
    case octant

    /// Sub-pixels across and down one cell.
    public var grid: (columns: Int, rows: Int) {
        switch self {
        case .half: (1, 2)
        case .quadrant: (2, 2)
        case .sextant: (2, 3)
        case .octant: (2, 4)
        }
    }

    /// What `auto` draws: sextants where the terminal is known to draw Symbols for Legacy Computing
    /// itself (not from the font): kitty, foot, WezTerm, Ghostty and VTE (GNOME Terminal, xfce4-terminal,
    /// Tilix; 0.70 measured); quadrants and eighths (Block Elements, in every monospace font we know) where
    /// the terminal is known to take them from the font: alacritty, rxvt-unicode; half blocks elsewhere, since
    /// a font without sextants shows boxes. `name` is the terminal's own name when it answered a query
    /// (XTVERSION: "kitty(0.26.5)", "foot(1.16.2)", "WezTerm 20240203-…", or TERM_PROGRAM), nil when nothing
    /// answered; the environment is the hint then. Octants are never chosen by themselves: few terminals draw them yet.
    public static func auto(forTerminalNamed name: String?, environment: some EnvironmentVariables) -> SymbolSet {
        // A terminal that named itself is that terminal, whatever variables its parent left behind.
        if let name {
            return drawsLegacySymbols(name.lowercased()) ? .sextant : drawsBlocksFromFont(name.lowercased()) ? .quadrant : .half
        }
        func value(_ variable: String) -> String { (environment[variable] ?? "").lowercased() }
        func isSet(_ variable: String) -> Bool { !(environment[variable] ?? "").isEmpty }
        // Inside tmux or screen the outer terminal draws, and its name is not in these variables.
        if isSet("TMUX") || isSet("STY") { return .half }
        let term = value("TERM")
        if term == "xterm-kitty" || isSet("KITTY_WINDOW_ID") { return .sextant }
        if term.hasPrefix("foot") { return .sextant }
        if term == "xterm-ghostty" || value("TERM_PROGRAM") == "ghostty" { return .sextant }
        if value("TERM_PROGRAM") == "wezterm" || isSet("WEZTERM_EXECUTABLE") { return .sextant }
        // VTE_VERSION is 7002 for 0.70.2; VTE draws block elements and sextants itself since before 0.70.
        if let vte = Int(value("VTE_VERSION")), vte >= 7000 { return .sextant }
        if term.hasPrefix("alacritty") || isSet("ALACRITTY_WINDOW_ID") || isSet("ALACRITTY_SOCKET") { return .quadrant }
        if term.hasPrefix("rxvt-unicode") || term.hasPrefix("rxvt") { return .quadrant }
        return .half
    }

    /// Terminals that render block elements and sextants themselves, by the start of their name.
    static func drawsLegacySymbols(_ name: String) -> Bool {
        ["kitty", "foot", "wezterm", "ghostty", "vte"].contains { name.hasPrefix($0) }
    }

    /// Terminals known to draw block elements from the font, by the start of their name.
    static func drawsBlocksFromFont(_ name: String) -> Bool {
        ["alacritty", "rxvt", "urxvt"].contains { name.hasPrefix($0) }
    }
}

/// `--symbols`, `PHOTORAMA_SYMBOLS` and the config file's `symbols`: a set, or `auto`.
public enum SymbolMode: Hashable, Sendable {
    case auto
    case fixed(SymbolSet)

    /// "half, quadrant, sextant, octant or auto", for messages and help texts.
    public static let choices = ChoiceList.or(SymbolSet.allCases.map(\.rawValue) + ["auto"])

    /// Read like `ImageMode`: white space around it ignored, any case.
    public init?(setting text: String) {
        let name = ImageMode.normalized(text)
        if name == "auto" {
            self = .auto
        } else if let set = SymbolSet(rawValue: name) {
            self = .fixed(set)
        } else {
            return nil
        }
    }

    public var name: String {
        switch self {
        case .auto: "auto"
        case .fixed(let set): set.rawValue
        }
    }
}
