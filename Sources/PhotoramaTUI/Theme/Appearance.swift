import PhotoramaImages

/// The background the theme is drawn for now. Under `theme = "auto"` it follows the terminal's dark/light
/// notifications (mode 2031); a theme the user chose stays.
public struct Appearance: Sendable {
    public private(set) var background: TerminalBackground
    /// `theme = "auto"`: the terminal's notifications change the background.
    public let followsTerminal: Bool

    public init(background: TerminalBackground, followsTerminal: Bool) {
        self.background = background
        self.followsTerminal = followsTerminal
    }

    /// The terminal said its colour scheme is now `reported`.
    mutating func terminalReported(_ reported: TerminalBackground) {
        if followsTerminal { background = reported }
    }
}
