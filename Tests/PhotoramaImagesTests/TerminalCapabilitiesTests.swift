import PhotoramaImages
import Testing

@Suite("Deciding what a terminal can do from its answers")
struct TerminalCapabilitiesTests {
    /// The findings of one recorded batch, every answer at 1 ms.
    static func findings(_ bytes: [UInt8], askCellSize: Bool = false) -> TerminalFindings {
        var parser = TerminalAnswerParser()
        let answers = parser.feed(bytes).map { TimedAnswer($0, milliseconds: 1) }
        return TerminalFindings(asked: TerminalQueries.sent(askCellSize: askCellSize), answers: answers, milliseconds: 1)
    }

    static func window(_ columns: Int, _ rows: Int, _ width: Int = 0, _ height: Int = 0) -> TerminalWindow {
        TerminalWindow(cells: CellSize(columns: columns, rows: rows), pixels: PixelSize(width: width, height: height))
    }

    @Test("xterm -ti vt340 with TERM=xterm and no COLORTERM: sixel, 24-bit colour proven, the window's cell")
    func xtermVT340() {
        let found = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.xtermVT340), window: Self.window(80, 24, 484, 316), environment: ["TERM": "xterm"])
        #expect(found.name == "XTerm")
        #expect(found.version == "379")
        #expect(found.nameSource == "XTVERSION")
        #expect(found.sixel)
        #expect(!found.kittyGraphics)
        #expect(found.trueColor == "DECRQSS gave the 24-bit colour back")
        #expect(found.cellPixels == PixelSize(width: 6, height: 13))
        #expect(found.cellSource == .window)
        #expect(found.tmux == nil)
        #expect(found.autoProtocol().drawing == .sixel)
        #expect(found.autoProtocol().reason == "DA1 lists attribute 4")
    }

    @Test("plain xterm: no sixel, so no pixel protocol, but 24-bit colour")
    func plainXterm() {
        let found = TerminalCapabilities.decide(Self.findings(TerminalRecordings.xterm), window: nil, environment: ["TERM": "xterm"])
        #expect(found.autoProtocol().drawing == nil)
        #expect(found.autoProtocol().reason == "no pixel protocol among the answers")
        #expect(found.trueColor != nil)
    }

    @Test("kitty: kitty graphics by its answer, even with a TERM that says nothing; cell from CSI 16t without pixels")
    func kitty() {
        let found = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.kitty, askCellSize: true), window: Self.window(71, 22), environment: ["TERM": "xterm-256color"]
        )
        #expect(found.autoProtocol().drawing == .kitty)
        #expect(found.name == "kitty")
        #expect(found.version == "0.26.5")
        #expect(found.trueColor == "DECRQSS gave the 24-bit colour back")
        #expect(found.cellPixels == PixelSize(width: 9, height: 18))
        #expect(found.cellSource == .cellReport)
    }

    @Test("mlterm: sixel by DA1; a palette index in DECRQSS proves 256 colours, not 24-bit; 14t over the cells without 16t")
    func mlterm() {
        var findings = Self.findings(TerminalRecordings.mlterm, askCellSize: true)
        findings.answers.removeAll { $0.answer.query == .cellPixels }
        let found = TerminalCapabilities.decide(findings, window: Self.window(80, 24), environment: ["TERM": "mlterm"])
        #expect(found.autoProtocol().drawing == .sixel)
        #expect(found.name == nil)
        #expect(found.trueColor == nil)
        #expect(found.palette256 == "DECRQSS gave palette entry 16 back")
        #expect(found.cellPixels == PixelSize(width: 10, height: 19))
        #expect(found.cellSource == .textArea)
    }

    @Test("tmux: found by its XTVERSION answer even without TMUX; no pixel protocol; colour left to TERM")
    func tmux() {
        let found = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.tmux), window: Self.window(80, 24), environment: ["TERM": "tmux-256color"])
        #expect(found.tmux == "XTVERSION names tmux")
        #expect(found.name == "tmux")
        #expect(found.version == "3.3a")
        #expect(found.autoProtocol() == (nil, "inside tmux, which does not say what terminal is outside it"))
        #expect(found.trueColor == nil)
        #expect(found.cellSource == .assumed)
        #expect(found.cellPixels == CellPixelSize.fallback)
        let withVariable = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.tmux), window: nil, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
        #expect(withVariable.tmux == "TMUX is set")
    }

    @Test(
        "sixel inside tmux: a tmux that draws sixel itself (3.4 built with it lists DA1 attribute 4) gets sixel; 3.3a, whose DA1 lacks it, gets blocks even with an xterm that speaks sixel outside"
    )
    func sixelInsideTmux() {
        let tmux34 = Array("\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c".utf8)
        let drawing = TerminalCapabilities.decide(
            Self.findings(tmux34), window: nil, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
        #expect(drawing.version == "3.4")
        #expect(drawing.autoProtocol() == (.sixel, "tmux draws sixel itself (DA1 lists attribute 4)"))
        var old = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.tmux), window: nil, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
        old.outsideTmux = "XTerm(379)"
        #expect(old.autoProtocol() == (nil, "inside tmux with XTerm(379) outside: no placeholders (kitty 0.28 or newer, or Ghostty)"))
    }

    @Test("nothing answered: the environment decides (kitty's variables), and says so")
    func silentTerminal() {
        let silent = TerminalFindings(asked: TerminalQueries.sent(askCellSize: false), answers: [], milliseconds: 120)
        let found = TerminalCapabilities.decide(silent, window: nil, environment: ["TERM": "xterm-kitty"])
        #expect(found.autoProtocol().drawing == .kitty)
        #expect(found.autoProtocol().reason == "no answer to DA1: from the environment")
        let notAsked = TerminalCapabilities.decide(nil, window: nil, environment: ["TERM": "xterm"])
        #expect(notAsked.autoProtocol().drawing == nil)
    }

    @Test("the answers outrank the environment: a kitty variable leaked into xterm does not make kitty")
    func answersOutrankVariables() {
        let found = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.xterm), window: nil, environment: ["TERM": "xterm", "KITTY_WINDOW_ID": "3"])
        #expect(found.autoProtocol().drawing == nil)
    }

    @Test("NO_COLOR: no pixels whatever answered")
    func noColor() {
        let found = TerminalCapabilities.decide(Self.findings(TerminalRecordings.kitty), window: nil, environment: ["NO_COLOR": "1"])
        #expect(found.autoProtocol() == (nil, "NO_COLOR is set"))
    }

    @Test("iTerm2's images: by XTVERSION (iTerm2, WezTerm, mintty) or TERM_PROGRAM (iTerm.app, vscode, WezTerm)")
    func iterm2() {
        func found(_ version: String?, program: String? = nil) -> TerminalCapabilities {
            var bytes: [UInt8] = []
            if let version { bytes += Array("\u{1B}P>|\(version)\u{1B}\\".utf8) }
            bytes += Array("\u{1B}[?62;22c".utf8)
            var environment = ["TERM": "xterm-256color"]
            environment["TERM_PROGRAM"] = program
            return TerminalCapabilities.decide(Self.findings(bytes), window: nil, environment: environment)
        }
        #expect(found("iTerm2 3.5.0").iterm2Images == "XTVERSION names iTerm2")
        #expect(found("WezTerm 20240203-110809-5046fc22").iterm2Images == "XTVERSION names WezTerm")
        #expect(found("mintty 3.7.1").iterm2Images == "XTVERSION names mintty")
        #expect(found(nil, program: "vscode").iterm2Images == "TERM_PROGRAM is vscode")
        #expect(found(nil, program: "iTerm.app").iterm2Images == "TERM_PROGRAM is iTerm.app")
        #expect(found(nil, program: "WezTerm").iterm2Images == "TERM_PROGRAM is WezTerm")
        #expect(found("XTerm(390)").iterm2Images == nil)
        #expect(found("iTerm2 3.5.0").trueColor == "iTerm2 draws 24-bit colour")
        // Without a kitty or sixel answer, these draw iTerm2's inline images.
        #expect(found(nil, program: "vscode").autoProtocol().drawing == .iterm2)
        #expect(found("WezTerm 20240203-110809-5046fc22").autoProtocol() == (.iterm2, "XTVERSION names WezTerm"))
        #expect(found("XTerm(390)").autoProtocol().drawing == nil)
        #expect(found(nil, program: "vscode").name == "vscode")
    }

    @Test("inside tmux the terminal outside decides: kitty 0.28 or newer and Ghostty show placeholders, older kitty does not")
    func tmuxOutside() {
        var found = TerminalCapabilities.decide(
            Self.findings(TerminalRecordings.tmux), window: nil, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"])
        found.outsideTmux = "kitty(0.26.5)"
        #expect(found.autoProtocol() == (nil, "inside tmux with kitty(0.26.5) outside: no placeholders (kitty 0.28 or newer, or Ghostty)"))
        found.outsideTmux = "kitty(0.28.1)"
        #expect(
            found.autoProtocol() == (.kitty, "inside tmux with kitty(0.28.1) outside: kitty's Unicode placeholders through passthrough"))
        found.outsideTmux = "kitty(1.2.0)"
        #expect(found.autoProtocol().drawing == .kitty)
        found.outsideTmux = "ghostty 1.1.3"
        #expect(found.autoProtocol().drawing == .kitty)
        found.outsideTmux = "XTerm(379)"
        #expect(found.autoProtocol().drawing == nil)
        found.outsideTmux = "xterm-kitty"
        #expect(found.autoProtocol().drawing == nil)
    }

    @Test("24-bit colour from DECRQSS in every form terminals use, never from a palette index")
    func decrqssForms() {
        func proves(_ setting: String) -> Bool {
            let bytes = Array("\u{1B}P1$r\(setting)\u{1B}\\\u{1B}[?62c".utf8)
            return TerminalCapabilities.decide(Self.findings(bytes), window: nil, environment: [:]).trueColor != nil
        }
        #expect(proves("0;38:2::1:2:3m"))
        #expect(proves("38:2:1:2:3m"))
        #expect(proves("0;38;2;1;2;3m"))
        #expect(proves("38:2:0:1:2:3m"))
        #expect(!proves("0;38;5;16m"))
        #expect(!proves("0m"))
        #expect(!proves("0;38:2::1:2:4m"))
    }

    @Test("synchronized output when DECRPM says mode 2026 is set or reset (1, 2); not for 0, 3, 4 or no answer")
    func synchronizedOutput() {
        func synchronized(_ answer: String) -> Bool {
            TerminalCapabilities.decide(Self.findings(Array((answer + "\u{1B}[?62c").utf8)), window: nil, environment: [:])
                .synchronizedOutput
        }
        #expect(synchronized("\u{1B}[?2026;1$y"))
        #expect(synchronized("\u{1B}[?2026;2$y"))
        #expect(!synchronized("\u{1B}[?2026;0$y"))
        #expect(!synchronized("\u{1B}[?2026;3$y"))
        #expect(!synchronized("\u{1B}[?2026;4$y"))
        #expect(!synchronized("\u{1B}[?2027;2$y"))
        #expect(!synchronized(""))
        #expect(!TerminalCapabilities.decide(Self.findings(TerminalRecordings.tmux), window: nil, environment: [:]).synchronizedOutput)
    }

    @Test("sixel colours: the registers XTSMGRAPHICS reports, at most 256; 256 on an error status or no answer")
    func sixelColors() {
        func decided(_ answer: String) -> TerminalCapabilities {
            TerminalCapabilities.decide(Self.findings(Array((answer + "\u{1B}[?63;4c").utf8)), window: nil, environment: [:])
        }
        #expect(decided("\u{1B}[?1;0;16S").colorRegisters == 16)
        #expect(decided("\u{1B}[?1;0;16S").sixelColors == 16)
        #expect(decided("\u{1B}[?1;0;256S").sixelColors == 256)
        #expect(decided("\u{1B}[?1;0;1024S").colorRegisters == 1024)
        #expect(decided("\u{1B}[?1;0;1024S").sixelColors == 256)
        #expect(decided("\u{1B}[?1;3;0S").colorRegisters == nil)
        #expect(decided("\u{1B}[?1;3;0S").sixelColors == 256)
        #expect(decided("\u{1B}[?1;0;0S").colorRegisters == nil)
        #expect(decided("\u{1B}[?2;0;640;480S").colorRegisters == nil)
        #expect(decided("").colorRegisters == nil)
        #expect(decided("").sixelColors == 256)
        #expect(TerminalCapabilities.decide(nil, window: nil, environment: [:]).sixelColors == 256)
    }

    @Test("24-bit colour from XTGETTCAP RGB or Tc when known")
    func termcap() {
        let bytes = Array("\u{1B}P1+r5463\u{1B}\\\u{1B}[?62c".utf8)
        let found = TerminalCapabilities.decide(Self.findings(bytes), window: nil, environment: [:])
        #expect(found.trueColor == "XTGETTCAP knows Tc")
    }
}
