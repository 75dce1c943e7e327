import PhotoramaScreen

/// Colours from the config file's `[theme]`, each replacing the built-in one; nil keeps it. Used only
/// with colours: a monochrome screen (NO_COLOR) keeps reverse video and bold.
public struct ThemeColors: Equatable, Sendable {
    /// The active tab's background, the header's information, labels and overlay titles.
    public var accent: Color?
    public var selectionForeground: Color?
    public var selectionBackground: Color?
    public var error: Color?
    /// The "demo data" badge and the spinner.
    public var badge: Color?

    public init(
        accent: Color? = nil, selectionForeground: Color? = nil, selectionBackground: Color? = nil,
        error: Color? = nil, badge: Color? = nil
    ) {
        self.accent = accent
        self.selectionForeground = selectionForeground
        self.selectionBackground = selectionBackground
        self.error = error
        self.badge = badge
    }

    /// The names the config file uses for the sixteen terminal colours, in palette order, and `default`.
    public static let colorNames: [(String, Color)] = [
        ("default", .default), ("black", .black), ("red", .red), ("green", .green), ("yellow", .yellow),
        ("blue", .blue), ("magenta", .magenta), ("cyan", .cyan), ("white", .white),
        ("bright-black", .brightBlack), ("bright-red", .brightRed), ("bright-green", .brightGreen),
        ("bright-yellow", .brightYellow), ("bright-blue", .brightBlue), ("bright-magenta", .brightMagenta),
        ("bright-cyan", .brightCyan), ("bright-white", .brightWhite),
    ]

    /// A colour by name, or an xterm palette index 0–255 written as a number ("208").
    public static func color(named text: String) -> Color? {
        let lower = text.lowercased()
        if let entry = colorNames.first(where: { $0.0 == lower }) { return entry.1 }
        if let index = UInt8(lower) { return .indexed(index) }
        return nil
    }

    public static func name(_ color: Color) -> String {
        if let entry = colorNames.first(where: { $0.1 == color }) { return entry.0 }
        if case .indexed(let index) = color { return String(index) }
        return "?"
    }
}
