import PhotoramaImages

/// `theme = "auto" | "dark" | "light"` in the config file and `--theme`: follow the terminal's background
/// (its OSC 11 answer at start, then mode 2031's notifications), or keep one theme whatever it says.
public enum ThemeChoice: String, CaseIterable, Hashable, Sendable {
    case auto
    case dark
    case light

    /// The choices as a message lists them.
    public static let choices = "auto, dark or light"

    /// A setting's text, in any case; nil when it is not a choice.
    public init?(setting: String) {
        self.init(rawValue: setting.lowercased())
    }

    /// The background the theme is drawn for at start: the choice, or under `auto` what the terminal
    /// answered (dark when it did not: the colours before themes assumed a dark one).
    public func background(answered: TerminalBackground?) -> TerminalBackground {
        switch self {
        case .auto: answered ?? .dark
        case .dark: .dark
        case .light: .light
        }
    }
}
