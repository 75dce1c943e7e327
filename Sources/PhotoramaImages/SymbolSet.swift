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
    /// itself (not from the font), half blocks elsewhere, since a font without them shows boxes.
    /// `name` is the terminal's own name when it answered a query (XTVERSION: "kitty(0.26.5)",
    /// "foot(1.16.2)", "WezTerm 20240203-…"), nil when nothing answered; the environment is the hint
    /// then. Octants are never chosen by themselves: few terminals draw them yet.
    public static func auto(forTerminalNamed name: String?, environment: some EnvironmentVariables) -> SymbolSet {
        if let name, drawsLegacySymbols(name.lowercased()) { return .sextant }
        func value(_ variable: String) -> String { (environment[variable] ?? "").lowercased() }
        func isSet(_ variable: String) -> Bool { !(environment[variable] ?? "").isEmpty }
        // Inside tmux or screen the outer terminal draws, and its name is not in these variables.
        if isSet("TMUX") || isSet("STY") { return .half }
        let term = value("TERM")
        if term == "xterm-kitty" || isSet("KITTY_WINDOW_ID") { return .sextant }
        if term.hasPrefix("foot") { return .sextant }
        if term == "xterm-ghostty" || value("TERM_PROGRAM") == "ghostty" { return .sextant }
        if value("TERM_PROGRAM") == "wezterm" || isSet("WEZTERM_EXECUTABLE") { return .sextant }
        return .half
    }

    /// Terminals that render block elements and sextants themselves, by the start of their name.
    static func drawsLegacySymbols(_ name: String) -> Bool {
        ["kitty", "foot", "wezterm", "ghostty"].contains { name.hasPrefix($0) }
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
