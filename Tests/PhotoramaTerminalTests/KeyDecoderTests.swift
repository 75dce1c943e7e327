import CNCurses
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

@Suite struct KeyDecoderTests {
    @Test func controlCharactersBecomeNamedKeys() {
        #expect(KeyDecoder.key(code: 10, isKeyCode: false) == .enter)
        #expect(KeyDecoder.key(code: 13, isKeyCode: false) == .enter)
        #expect(KeyDecoder.key(code: 27, isKeyCode: false) == .escape)
        #expect(KeyDecoder.key(code: 127, isKeyCode: false) == .backspace)
        #expect(KeyDecoder.key(code: 8, isKeyCode: false) == .backspace)
        #expect(KeyDecoder.key(code: 9, isKeyCode: false) == .tab)
        #expect(KeyDecoder.key(code: 18, isKeyCode: false) == .ctrl("r"))
        #expect(KeyDecoder.key(code: 3, isKeyCode: false) == .ctrl("c"))
    }

    @Test func printableCharactersIncludingNonASCII() {
        #expect(KeyDecoder.key(code: 0x71, isKeyCode: false) == .character("q"))
        #expect(KeyDecoder.key(code: 0x2F, isKeyCode: false) == .character("/"))
        #expect(KeyDecoder.key(code: 0xE9, isKeyCode: false) == .character("é"))
        #expect(KeyDecoder.key(code: 0x732B, isKeyCode: false) == .character("猫"))
    }

    @Test func c1ControlsAndSurrogatesAreDropped() {
        #expect(KeyDecoder.key(code: 0x9B, isKeyCode: false) == nil)
        #expect(KeyDecoder.key(code: 0xD800, isKeyCode: false) == nil)
        #expect(KeyDecoder.key(code: 0, isKeyCode: false) == nil)
    }

    @Test func functionKeys() {
        #expect(KeyDecoder.key(code: UInt32(KEY_UP), isKeyCode: true) == .up)
        #expect(KeyDecoder.key(code: UInt32(KEY_DOWN), isKeyCode: true) == .down)
        #expect(KeyDecoder.key(code: UInt32(KEY_LEFT), isKeyCode: true) == .left)
        #expect(KeyDecoder.key(code: UInt32(KEY_RIGHT), isKeyCode: true) == .right)
        #expect(KeyDecoder.key(code: UInt32(KEY_NPAGE), isKeyCode: true) == .pageDown)
        #expect(KeyDecoder.key(code: UInt32(KEY_PPAGE), isKeyCode: true) == .pageUp)
        #expect(KeyDecoder.key(code: UInt32(KEY_HOME), isKeyCode: true) == .home)
        #expect(KeyDecoder.key(code: UInt32(KEY_END), isKeyCode: true) == .end)
        #expect(KeyDecoder.key(code: UInt32(KEY_SR), isKeyCode: true) == .shiftUp)
        #expect(KeyDecoder.key(code: UInt32(KEY_SF), isKeyCode: true) == .shiftDown)
        #expect(KeyDecoder.key(code: UInt32(KEY_BTAB), isKeyCode: true) == .backTab)
        #expect(KeyDecoder.key(code: UInt32(photorama_key_f(5)), isKeyCode: true) == .function(5))
        #expect(KeyDecoder.key(code: 0o777, isKeyCode: true) == nil)
    }
}

@Suite struct TerminalCheckTests {
    @Test func refusesMissingOrDumbTerminals() {
        #expect(TerminalCheck.evaluate(environment: [:], isTTY: true) == .failure(.noTerminalType))
        #expect(TerminalCheck.evaluate(environment: ["TERM": ""], isTTY: true) == .failure(.noTerminalType))
        #expect(TerminalCheck.evaluate(environment: ["TERM": "dumb"], isTTY: true) == .failure(.dumbTerminal))
        #expect(TerminalCheck.evaluate(environment: ["TERM": "xterm"], isTTY: false) == .failure(.notATerminal))
        #expect(
            TerminalCheck.Failure.dumbTerminal.message
                == "TERM=dumb cannot show the full-screen browser (try a subcommand such as 'photorama recent')")
    }

    @Test func noColorMeansMonochrome() {
        #expect(TerminalCheck.evaluate(environment: ["TERM": "xterm-256color"], isTTY: true) == .success(TerminalCheck(useColor: true)))
        #expect(
            TerminalCheck.evaluate(environment: ["TERM": "xterm", "NO_COLOR": "1"], isTTY: true)
                == .success(TerminalCheck(useColor: false)))
        // An empty NO_COLOR does not count (no-color.org).
        #expect(
            TerminalCheck.evaluate(environment: ["TERM": "xterm", "NO_COLOR": ""], isTTY: true)
                == .success(TerminalCheck(useColor: true)))
    }
}

@Suite struct RedrawKeyDecodingTests {
    @Test func ctrlLIsTheRedrawKey() {
        #expect(KeyDecoder.key(code: 12, isKeyCode: false) == .ctrl("l"))
    }
}
