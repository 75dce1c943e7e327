/// Which pixel protocol the terminal speaks, judged from its environment alone (no query, so nothing is
/// ever written to a terminal that might show it as garbage). Conservative: nil (draw with half blocks)
/// unless a variable only that terminal family sets says otherwise.
public enum GraphicsDetection {
    public static func detect(_ environment: some EnvironmentVariables) -> ImageDrawing? {
        func value(_ name: String) -> String { (environment[name] ?? "").lowercased() }
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let term = value("TERM")
        let program = value("TERM_PROGRAM")
        // tmux and screen drop both protocols unless passthrough is configured; the variables of the
        // terminal outside (KITTY_WINDOW_ID, …) leak in, so this check comes first.
        if isSet("TMUX") || isSet("STY") || term.hasPrefix("screen") || term.hasPrefix("tmux") || program == "tmux" {
            return nil
        }
        // NO_COLOR asks for no colour; a photo in true colour is exactly that.
        if isSet("NO_COLOR") || term.isEmpty || term == "dumb" { return nil }
        if term == "xterm-kitty" || isSet("KITTY_WINDOW_ID") { return .kitty }
        if term == "xterm-ghostty" || program == "ghostty" { return .kitty }
        if program == "wezterm" || isSet("WEZTERM_EXECUTABLE") { return .kitty }
        if isSet("KONSOLE_VERSION") { return .kitty }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
        // iTerm2 and mintty speak iTerm2's inline images (VS Code only with a setting that is off by default).
        if program == "iterm.app" || isSet("ITERM_SESSION_ID") || program == "mintty" { return .iterm2 }
        return nil
    }
}
