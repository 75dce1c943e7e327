import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import Testing

@testable import PhotoramaApp

/// What `photorama terminal` prints and how the answers reach the one settings resolution.
@Suite struct TerminalReportTests {
    // MARK: - Findings as terminals gave them
    static let xtermVT340 = TerminalFindings(
        asked: TerminalQueries.sent(askCellSize: false),
        answers: [
            TimedAnswer(.version("XTerm(379)"), milliseconds: 0.21),
            TimedAnswer(.statusString(valid: true, setting: "0;38:2::1:2:3m"), milliseconds: 0.21),
            TimedAnswer(.graphicsAttribute(item: 1, status: 0, values: [1024]), milliseconds: 0.22),
            TimedAnswer(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]), milliseconds: 0.26),
        ], milliseconds: 0.34)
    static let tmux = TerminalFindings(
        asked: TerminalQueries.sent(askCellSize: false),
        answers: [TimedAnswer(.version("tmux 3.3a"), milliseconds: 0.3), TimedAnswer(.deviceAttributes([1, 2]), milliseconds: 0.3)],
        milliseconds: 0.44)
    static let xtermWindow = TerminalWindow(cells: CellSize(columns: 80, rows: 24), pixels: PixelSize(width: 484, height: 316))
    static let xtermEnvironment = ["TERM": "xterm"]

    static func facts(
        _ findings: TerminalFindings?, environment: [String: String], window: TerminalWindow? = nil, notAsked: String? = nil,
        images: Setting<String> = Setting("auto", .default)
    ) -> TerminalReport.Facts {
        let capabilities = TerminalCapabilities.decide(findings, window: window, environment: environment)
        return TerminalReport.Facts(
            capabilities: capabilities, notAsked: notAsked, term: environment["TERM"],
            depth: ImageSettings.colorDepth(environment, terminal: capabilities), images: images)
    }

    // MARK: - Lines
    @Test("xterm -ti vt340 with TERM=xterm: sixel, 24-bit colour from DECRQSS, each answer's time, ended by DA1")
    func xtermLines() {
        let text = Self.facts(Self.xtermVT340, environment: Self.xtermEnvironment, window: Self.xtermWindow).text
        #expect(
            text == """
                terminal  XTerm 379 (XTVERSION; TERM=xterm)
                protocol  sixel (DA1 lists attribute 4)
                colors    24bit (DECRQSS gave the 24-bit colour back)
                cell      6x13 pixels (TIOCGWINSZ)
                tmux      no
                iterm2    no
                answers   XTVERSION 0.2 ms, DECRQSS 0.2 ms, XTSMGRAPHICS 0.2 ms, DA1 0.3 ms; none to kitty, XTGETTCAP, DECRQM, OSC 11
                wait      0.3 ms, ended by DA1's answer

                """)
    }

    @Test("tmux: its own answers, half blocks, the colour depth from TERM, inside tmux by TMUX")
    func tmuxLines() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": ""]
        let rows = Self.facts(Self.tmux, environment: environment).rows
        #expect(
            rows.map { "\($0.label): \($0.value)" } == [
                "terminal: tmux 3.3a (XTVERSION; TERM=tmux-256color)",
                "protocol: blocks (inside tmux, which does not say what terminal is outside it)",
                "colors: 256 (from TERM=tmux-256color)",
                "cell: 10x20 pixels (assumed)",
                "tmux: yes (TMUX is set)",
                "iterm2: no",
                "answers: XTVERSION 0.3 ms, DA1 0.3 ms; none to kitty, DECRQSS, XTGETTCAP, DECRQM, OSC 11, XTSMGRAPHICS",
                "wait: 0.4 ms, ended by DA1's answer",
            ])
    }

    @Test("a silent terminal: no answers, the deadline, and the environment's choice")
    func silentLines() {
        let silent = TerminalFindings(asked: TerminalQueries.sent(askCellSize: true), answers: [], milliseconds: 120.04)
        let rows = Self.facts(silent, environment: ["TERM": "xterm-kitty"]).rows
        #expect(rows.first { $0.label == "protocol" }?.value == "kitty (no answer to DA1: from the environment)")
        #expect(rows.first { $0.label == "answers" }?.value == "none")
        #expect(rows.first { $0.label == "wait" }?.value == "120.0 ms, no answer to DA1 by the deadline")
        #expect(rows.first { $0.label == "terminal" }?.value == "unknown (no XTVERSION answer, no TERM_PROGRAM; TERM=xterm-kitty)")
    }

    @Test("not asked: says so first, claims no missing answer, and has no wait line")
    func notAskedLines() {
        let rows = Self.facts(nil, environment: ["TERM": "xterm"], notAsked: "standard input is not a terminal").rows
        #expect(
            rows.map { "\($0.label): \($0.value)" } == [
                "answers: not asked: standard input is not a terminal",
                "terminal: unknown (no XTVERSION answer, no TERM_PROGRAM; TERM=xterm)",
                "protocol: blocks (not asked: from the environment)",
                "colors: 16 (from TERM=xterm)",
                "cell: 10x20 pixels (assumed)",
                "tmux: no",
                "iterm2: no",
            ])
        #expect(!rows.contains { $0.value.contains("no answer") })
    }

    @Test("a mode set by PHOTORAMA_IMAGES is named: show and the browser then do not ask")
    func imagesSettingLine() {
        let facts = Self.facts(
            Self.xtermVT340, environment: Self.xtermEnvironment, images: Setting("blocks", .environment("PHOTORAMA_IMAGES")))
        #expect(
            facts.rows.last.map { "\($0.label): \($0.value)" }
                == "images: blocks from env (PHOTORAMA_IMAGES): show and the browser do not ask the terminal")
    }

    @Test("JSON: every finding with its reason, each answer's text and time")
    func json() {
        let json = Self.facts(Self.xtermVT340, environment: Self.xtermEnvironment, window: Self.xtermWindow).json.rendered()
        #expect(
            json == """
                {
                  "answers": [
                    {
                      "milliseconds": 0.2,
                      "query": "XTVERSION",
                      "text": "XTerm(379)"
                    },
                    {
                      "milliseconds": 0.2,
                      "query": "DECRQSS",
                      "text": "0;38:2::1:2:3m"
                    },
                    {
                      "milliseconds": 0.2,
                      "query": "XTSMGRAPHICS",
                      "text": "?1;0;1024"
                    },
                    {
                      "milliseconds": 0.3,
                      "query": "DA1",
                      "text": "63;1;2;4;6;9;15;16;22;28"
                    }
                  ],
                  "asked": true,
                  "cell": {
                    "height": 13,
                    "source": "TIOCGWINSZ",
                    "width": 6
                  },
                  "colors": "24bit",
                  "colors_reason": "DECRQSS gave the 24-bit colour back",
                  "ended_by_da1": true,
                  "images_setting": "auto",
                  "images_source": "default",
                  "iterm2_images": false,
                  "iterm2_reason": null,
                  "kitty_graphics": false,
                  "kitty_medium": "stream",
                  "milliseconds": 0.3,
                  "name": "XTerm",
                  "name_source": "XTVERSION",
                  "not_asked_reason": null,
                  "outside_tmux": null,
                  "protocol": "sixel",
                  "protocol_reason": "DA1 lists attribute 4",
                  "sixel": true,
                  "term": "xterm",
                  "tmux": false,
                  "tmux_reason": null,
                  "unanswered": [
                    "kitty",
                    "XTGETTCAP",
                    "DECRQM",
                    "OSC 11"
                  ],
                  "version": "379"
                }

                """)
    }

    @Test("an answer from the terminal cannot reach the screen raw: the printer sanitizes it")
    func hostileVersion() {
        let hostile = TerminalFindings(
            asked: [.version, .deviceAttributes],
            answers: [TimedAnswer(.version("evil\u{9B}2J"), milliseconds: 1), TimedAnswer(.deviceAttributes([62]), milliseconds: 1)],
            milliseconds: 1)
        let json = Self.facts(hostile, environment: ["TERM": "xterm"]).json.rendered()
        #expect(json.contains("\"name\": \"evil\\u009b2J\""))
    }

    // MARK: - The one settings resolution
    @Test("auto in xterm -ti vt340 with TERM=xterm draws sixel; blocks there are 24-bit; --colors still wins")
    func resolution() throws {
        let capabilities = TerminalCapabilities.decide(Self.xtermVT340, window: Self.xtermWindow, environment: Self.xtermEnvironment)
        func drawing(_ images: String?, colors: String? = nil) throws -> ImageDrawing? {
            let settings = EffectiveSettings.resolve(
                commandLine: CommandLineSettings(images: images), environment: Self.xtermEnvironment, file: ConfigFileValues())
            return try ImageSettings.resolve(
                settings: settings, colors: colors, environment: Self.xtermEnvironment, terminal: capabilities)
        }
        #expect(try drawing(nil) == .sixel)
        #expect(try drawing("blocks") == .halfBlocks(.truecolor))
        #expect(try drawing("blocks", colors: "256") == .halfBlocks(.palette256))
        // Without the answers, the environment alone gives 16-colour half blocks: the starting point.
        let settings = EffectiveSettings.resolve(environment: Self.xtermEnvironment, file: ConfigFileValues())
        #expect(try ImageSettings.resolve(settings: settings, colors: nil, environment: Self.xtermEnvironment) == .halfBlocks(.palette16))
    }

    @Test("the terminal is asked only when the mode in effect is auto, from whichever source")
    func asksOnlyUnderAuto() {
        func asks(flag: String? = nil, environment: [String: String] = [:], file: String? = nil) -> Bool {
            var values = ConfigFileValues()
            values.images = file
            return ImageSettings.asksTerminal(
                EffectiveSettings.resolve(commandLine: CommandLineSettings(images: flag), environment: environment, file: values))
        }
        #expect(asks())
        #expect(asks(flag: "auto"))
        #expect(asks(environment: ["PHOTORAMA_IMAGES": "AUTO"]))
        #expect(!asks(flag: "sixel"))
        #expect(!asks(environment: ["PHOTORAMA_IMAGES": "blocks"]))
        #expect(!asks(file: "kitty"))
        #expect(!asks(flag: "kity"))
    }

    @Test("TERM=dumb, no TERM and the Linux console are never asked")
    func neverAsked() {
        #expect(TerminalQuery.reasonNotToAsk(["TERM": "dumb"]) == "TERM is dumb")
        #expect(TerminalQuery.reasonNotToAsk([:]) == "TERM is not set")
        #expect(TerminalQuery.reasonNotToAsk(["TERM": "linux"]) == "TERM is linux (the console would print the kitty query)")
        #expect(TerminalQuery.reasonNotToAsk(["TERM": "xterm"]) == nil)
    }

    @Test("mlterm's palette answer raises TERM=mlterm's 16 colours to 256")
    func paletteProof() {
        let mlterm = TerminalFindings(
            asked: TerminalQueries.sent(askCellSize: false),
            answers: [
                TimedAnswer(.statusString(valid: true, setting: "0;38;5;16m"), milliseconds: 0.4),
                TimedAnswer(.deviceAttributes([63, 1, 2, 3, 4]), milliseconds: 0.4),
            ], milliseconds: 0.5)
        let capabilities = TerminalCapabilities.decide(mlterm, window: nil, environment: ["TERM": "mlterm"])
        #expect(ImageSettings.colorDepth(["TERM": "mlterm"], terminal: capabilities) == (.palette256, "DECRQSS gave palette entry 16 back"))
    }
}

@Suite("How long late answers are waited for")
struct LateAnswerWaitTests {
    @Test("a terminal whose own variables show it is there gets 3 s (ended by DA1); others the command's wait; the browser none")
    func waits() {
        #expect(
            TerminalQuery.lateAnswerWait(.milliseconds(500), environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .seconds(3))
        #expect(TerminalQuery.lateAnswerWait(.seconds(1), environment: ["TERM": "xterm", "XTERM_VERSION": "XTerm(379)"]) == .seconds(3))
        #expect(TerminalQuery.lateAnswerWait(.milliseconds(500), environment: ["TERM": "xterm-kitty"]) == .milliseconds(500))
        #expect(
            TerminalQuery.lateAnswerWait(.milliseconds(500), environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""])
                == .milliseconds(500))
        #expect(TerminalQuery.lateAnswerWait(.zero, environment: ["KITTY_WINDOW_ID": "1"]) == .zero)
    }

    @Test("the probe waits 1 s for a terminal whose variables show it is there or whose answers cross SSH, else 120 ms")
    func probeDeadline() {
        #expect(TerminalQuery.probeDeadline(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .seconds(1))
        #expect(TerminalQuery.probeDeadline(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]) == .seconds(1))
        #expect(TerminalQuery.probeDeadline(["TERM": "xterm-256color", "SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"]) == .seconds(1))
        #expect(TerminalQuery.probeDeadline(["TERM": "xterm-256color", "SSH_TTY": "/dev/pts/3"]) == .seconds(1))
        #expect(TerminalQuery.probeDeadline(["TERM": "xterm-256color"]) == .milliseconds(120))
        #expect(TerminalQuery.probeDeadline(["TERM": "xterm-256color", "SSH_TTY": "", "KITTY_WINDOW_ID": ""]) == .milliseconds(120))
    }
}
