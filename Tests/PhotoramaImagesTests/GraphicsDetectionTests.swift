import PhotoramaImages
import Testing

@Suite("Detecting the pixel protocol from the environment")
struct GraphicsDetectionTests {
    static let table: [([String: String], ImageDrawing?, String)] = [
        (["TERM": "xterm-kitty"], .kitty, "kitty"),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty, "kitty with a different TERM"),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .kitty, "WezTerm"),
        (["TERM": "xterm-256color", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"], .kitty, "WezTerm by its executable"),
        (["TERM": "xterm-ghostty"], .kitty, "Ghostty"),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"], .kitty, "Ghostty by TERM_PROGRAM"),
        (["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"], .kitty, "Konsole"),
        (["TERM": "foot"], .sixel, "foot"),
        (["TERM": "foot-extra"], .sixel, "foot-extra"),
        (["TERM": "mlterm-256color"], .sixel, "mlterm"),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], nil, "an unknown xterm: half blocks"),
        (["TERM": "xterm"], nil, "plain xterm"),
        (["TERM": "vt100"], nil, "vt100"),
        ([:], nil, "no TERM"),
        (["TERM": "dumb", "KITTY_WINDOW_ID": "1"], nil, "dumb"),
        (["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], nil, "tmux inside kitty"),
        (["TERM": "screen-256color", "TERM_PROGRAM": "WezTerm"], nil, "screen TERM inside WezTerm"),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1000/default,123,0"], nil, "TMUX set"),
        (["TERM": "foot", "STY": "1234.pts-0.host"], nil, "GNU screen session"),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "tmux", "KONSOLE_VERSION": "230804"], nil, "tmux by TERM_PROGRAM"),
        (["TERM": "xterm-kitty", "NO_COLOR": "1"], nil, "NO_COLOR"),
        (["TERM": "xterm-kitty", "NO_COLOR": ""], .kitty, "an empty NO_COLOR does not count"),
    ]

    @Test("each environment gives its protocol, or nil for half blocks", arguments: table.indices)
    func row(_ index: Int) {
        let (environment, expected, name) = Self.table[index]
        #expect(GraphicsDetection.detect(environment) == expected, "\(name)")
    }
}
