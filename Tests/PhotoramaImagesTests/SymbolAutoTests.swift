import Testing

@testable import PhotoramaImages

/// `--symbols auto` per terminal: the answer to XTVERSION first, the environment second.
@Suite("Which symbols auto draws in each terminal")
struct SymbolAutoTests {
    @Test(
        "terminals that draw sextants themselves get sextants; those that take blocks from the font get quadrants",
        arguments: [
            (["TERM": "xterm-256color", "VTE_VERSION": "7002"], SymbolSet.sextant),
            (["TERM": "xterm-256color", "VTE_VERSION": "5202"], .half),
            (["TERM": "xterm-kitty"], .sextant),
            (["TERM": "foot"], .sextant),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .sextant),
            (["TERM": "alacritty"], .quadrant),
            (["TERM": "xterm-256color", "ALACRITTY_WINDOW_ID": "94"], .quadrant),
            (["TERM": "rxvt-unicode-256color"], .quadrant),
            (["TERM": "xterm-256color"], .half),
            (["TERM": "screen-256color", "VTE_VERSION": "7002", "TMUX": "/tmp/tmux-0/default,1,0"], .half),
            (["TERM": "linux"], .half),
        ])
    func byEnvironment(environment: [String: String], expected: SymbolSet) {
        #expect(SymbolSet.auto(forTerminalNamed: nil, environment: environment) == expected)
    }

    @Test("the terminal's own name wins over its environment")
    func byAnswer() {
        let vte = ["TERM": "xterm-256color", "VTE_VERSION": "7002"]
        // xterm started from a VTE terminal keeps its VTE_VERSION: xterm's own answer says half blocks.
        #expect(SymbolSet.auto(forTerminalNamed: "XTerm(379)", environment: vte) == .half)
        #expect(SymbolSet.auto(forTerminalNamed: nil, environment: vte) == .sextant)
        #expect(SymbolSet.auto(forTerminalNamed: "kitty(0.26.5)", environment: ["TERM": "rxvt-unicode"]) == .sextant)
        #expect(SymbolSet.auto(forTerminalNamed: "VTE(7600)", environment: [String: String]()) == .sextant)
        #expect(SymbolSet.auto(forTerminalNamed: "alacritty 0.13.2", environment: ["TERM": "xterm-kitty"]) == .quadrant)
    }
}
