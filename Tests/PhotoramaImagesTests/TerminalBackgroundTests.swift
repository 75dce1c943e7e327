import PhotoramaImages
import Testing

@Suite("The terminal's background: OSC 11's answer, its luminance, light or dark")
struct TerminalBackgroundTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("X11 colours with 1 to 4 digits a component, each scaled by its own width")
    func x11Colours() throws {
        let white = try #require(TerminalBackground.components(x11Color: "rgb:ffff/ffff/ffff"))
        #expect(white.red == 1 && white.green == 1 && white.blue == 1)
        let mixed = try #require(TerminalBackground.components(x11Color: "rgb:f/80/0000"))
        #expect(mixed.red == 1 && mixed.green == 128.0 / 255 && mixed.blue == 0)
        #expect(TerminalBackground.components(x11Color: "RGB:1/2/3") != nil)
        for malformed in ["rgb:ffff/ffff", "rgb:fffff/0/0", "rgb:g/0/0", "rgb://", "#ffffff", "rgba:f/f/f/f", ""] {
            #expect(TerminalBackground.components(x11Color: malformed) == nil, "\(malformed)")
        }
    }

    @Test("WCAG relative luminance and contrast: black on white is 21:1, xterm's red on black 3.6:1")
    func luminance() {
        #expect((Contrast.luminance((255, 255, 255)) * 1e9).rounded() == 1e9)
        #expect(Contrast.luminance((0, 0, 0)) == 0)
        #expect((Contrast.ratio(0, 1) * 1e9).rounded() == 21e9)
        let red = Contrast.ratio(Contrast.luminance((205, 0, 0)), 0)
        #expect((red * 100).rounded() == 360)
    }

    @Test("light when black text has more contrast on it than white text: the split is at luminance 0.179")
    func lightOrDark() {
        #expect(TerminalBackground(x11Color: "rgb:ffff/ffff/ffff") == .light)
        #expect(TerminalBackground(x11Color: "rgb:0000/0000/0000") == .dark)
        // Solarized light's base3 and dark's base03.
        #expect(TerminalBackground(x11Color: "rgb:fdfd/f6f6/e3e3") == .light)
        #expect(TerminalBackground(x11Color: "rgb:0000/2b2b/3636") == .dark)
        // Mid grey #767676 (luminance 0.18) is just light; #757575 (0.178) just dark.
        #expect(TerminalBackground(x11Color: "rgb:76/76/76") == .light)
        #expect(TerminalBackground(x11Color: "rgb:75/75/75") == .dark)
        #expect(TerminalBackground(x11Color: "nonsense") == nil)
    }

    @Test("OSC 11's answer ended by ST or by BEL is read; other OSC answers are dropped")
    func parsesAnswers() {
        var parser = TerminalAnswerParser()
        let answers = parser.feed(
            Self.bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}]11;rgb:00/00/00\u{07}\u{1B}]10;rgb:0/0/0\u{1B}\\\u{1B}[?1;2c"))
        #expect(answers == [.backgroundColor("rgb:ffff/ffff/ffff"), .backgroundColor("rgb:00/00/00"), .deviceAttributes([1, 2])])
        #expect(parser.typeAhead.isEmpty)
        // OSC 10's answer: 12 bytes of body, ESC ] and ST.
        #expect(parser.discarded == 16)
    }

    @Test("Alt-] followed by typing stays typing, byte for byte")
    func altBracketIsTyping() {
        var parser = TerminalAnswerParser()
        #expect(parser.feed(Self.bytes("\u{1B}]ab\r")).isEmpty)
        parser.finish()
        #expect(parser.typeAhead == Self.bytes("\u{1B}]ab\r"))
    }

    @Test("the capabilities take the background from the first OSC 11 answer; none without one")
    func capabilities() {
        func decided(_ answers: [TerminalAnswer]) -> TerminalBackground? {
            let findings = TerminalFindings(
                asked: TerminalQueries.sent(askCellSize: false), answers: answers.map { TimedAnswer($0, milliseconds: 1) },
                milliseconds: 2)
            return TerminalCapabilities.decide(findings, window: nil, environment: ["TERM": "xterm"]).background
        }
        #expect(decided([.backgroundColor("rgb:ffff/ffff/ffff"), .deviceAttributes([1])]) == .light)
        #expect(decided([.backgroundColor("rgb:1e1e/1e1e/1e1e"), .backgroundColor("rgb:ffff/ffff/ffff")]) == .dark)
        #expect(decided([.deviceAttributes([1])]) == nil)
    }

    @Test("mode 2031's report numbers: 1 dark, 2 light")
    func colorSchemeReports() {
        #expect(TerminalBackground(colorSchemeReport: 1) == .dark)
        #expect(TerminalBackground(colorSchemeReport: 2) == .light)
        #expect(TerminalBackground(colorSchemeReport: 3) == nil)
    }
}
