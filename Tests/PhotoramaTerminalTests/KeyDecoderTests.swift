import CNCurses
import PhotoramaImages
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

/// Escape sequences ncurses leaves as characters (terminfo does not list them) decoded whatever TERM says.
@Suite struct KeySequenceDecodingTests {
    /// The codes get_wch returns for `text` typed as characters (ESC written as "\u{1B}").
    func keys(_ text: String) -> [Key] {
        KeyDecoder.keys(text.unicodeScalars.map { KeyDecoder.Code($0.value) })
    }

    @Test func csiTildeForms() {
        #expect(keys("\u{1B}[1~") == [.home])
        #expect(keys("\u{1B}[2~") == [.insert])
        #expect(keys("\u{1B}[3~") == [.delete])
        #expect(keys("\u{1B}[4~") == [.end])
        #expect(keys("\u{1B}[5~") == [.pageUp])
        #expect(keys("\u{1B}[6~") == [.pageDown])
        #expect(keys("\u{1B}[7~") == [.home])  // rxvt
        #expect(keys("\u{1B}[8~") == [.end])
        let functionKeys = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
        for (index, number) in functionKeys.enumerated() {
            #expect(keys("\u{1B}[\(number)~") == [.function(index + 1)], "F\(index + 1)")
        }
    }

    @Test func csiTildeFormsWithModifiers() {
        #expect(keys("\u{1B}[4;5~") == [.end])
        #expect(keys("\u{1B}[5;2~") == [.pageUp])
        #expect(keys("\u{1B}[3;3~") == [.delete])
        #expect(keys("\u{1B}[15;2~") == [.function(5)])
        #expect(keys("\u{1B}[24;8~") == [.function(12)])
        // rxvt: Shift ($), Ctrl (^), Ctrl+Shift (@) as the final.
        #expect(keys("\u{1B}[3$") == [.delete])
        #expect(keys("\u{1B}[5^") == [.pageUp])
        #expect(keys("\u{1B}[6@") == [.pageDown])
    }

    @Test func csiLetterForms() {
        #expect(keys("\u{1B}[A") == [.up])
        #expect(keys("\u{1B}[B") == [.down])
        #expect(keys("\u{1B}[C") == [.right])
        #expect(keys("\u{1B}[D") == [.left])
        #expect(keys("\u{1B}[H") == [.home])
        #expect(keys("\u{1B}[F") == [.end])
        #expect(keys("\u{1B}[Z") == [.backTab])
        #expect(keys("\u{1B}[a") == [.shiftUp])  // rxvt
        #expect(keys("\u{1B}[b") == [.shiftDown])
        // The Linux console's F1–F5.
        #expect(keys("\u{1B}[[A\u{1B}[[B\u{1B}[[C\u{1B}[[D\u{1B}[[E") == (1...5).map(Key.function))
    }

    @Test func csiLetterFormsWithModifiers() {
        #expect(keys("\u{1B}[1;2A") == [.shiftUp])
        #expect(keys("\u{1B}[1;2B") == [.shiftDown])
        #expect(keys("\u{1B}[1;5A") == [.up])
        #expect(keys("\u{1B}[1;6B") == [.shiftDown])  // Ctrl+Shift keeps the Shift
        #expect(keys("\u{1B}[1;3C") == [.right])
        #expect(keys("\u{1B}[1;5D") == [.left])
        #expect(keys("\u{1B}[1;2H") == [.home])
        #expect(keys("\u{1B}[1;5F") == [.end])
        #expect(keys("\u{1B}[1;2P") == [.function(1)])
        #expect(keys("\u{1B}[1;5Q") == [.function(2)])
        #expect(keys("\u{1B}[1;3R") == [.function(3)])
        #expect(keys("\u{1B}[1;2S") == [.function(4)])
    }

    @Test func ss3Forms() {
        #expect(keys("\u{1B}OA") == [.up])
        #expect(keys("\u{1B}OB") == [.down])
        #expect(keys("\u{1B}OC") == [.right])
        #expect(keys("\u{1B}OD") == [.left])
        #expect(keys("\u{1B}OH") == [.home])
        #expect(keys("\u{1B}OF") == [.end])
        #expect(keys("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS") == (1...4).map(Key.function))
        #expect(keys("\u{1B}OM") == [.enter])
        // With a modifier: old xterm's ESC O 2 P, and the 1;m form.
        #expect(keys("\u{1B}O2P") == [.function(1)])
        #expect(keys("\u{1B}O1;2A") == [.shiftUp])
        #expect(keys("\u{1B}O5B") == [.down])
    }

    @Test func unknownSequencesAreDroppedWhole() {
        #expect(keys("\u{1B}[99~") == [])
        #expect(keys("\u{1B}[I") == [])  // focus in
        #expect(keys("\u{1B}[200~") == [])  // bracketed paste start
        #expect(keys("\u{1B}[97;5u") == [])  // kitty's keyboard protocol
        #expect(keys("\u{1B}[<0;10;5M") == [])  // SGR mouse ncurses did not take
        #expect(keys("\u{1B}[M !!") == [])  // X10 mouse
        #expect(keys("\u{1B}[?62;22c") == [])  // a late DA1 answer
        #expect(keys("\u{1B}[1;2;3A") == [])
        #expect(keys("\u{1B}Oz") == [])
        // What comes after an unknown sequence is read on its own.
        #expect(keys("\u{1B}[99~q") == [.character("q")])
        #expect(keys("\u{1B}[200~x\u{1B}[201~") == [.character("x")])
    }

    @Test func sequencesBetweenOtherKeys() {
        #expect(keys("j\u{1B}[4~k") == [.character("j"), .end, .character("k")])
        #expect(keys("\u{1B}[A\u{1B}[B") == [.up, .down])
    }

    @Test func escapeAloneAndAltKeys() {
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
        #expect(keys("\u{1B}[") == [.escape, .character("[")])
        #expect(keys("\u{1B}O") == [.escape, .character("O")])
        // A cut-off sequence is dropped, not read as its parts ("4" is the Locations tab).
        #expect(keys("\u{1B}[4") == [])
    }

    /// Mode 2031's notifications are input events of their own, never keys, wherever they stand.
    @Test func colorSchemeNotificationsAreEvents() {
        func events(_ text: String) -> [InputEvent] {
            KeyDecoder.events(text.unicodeScalars.map { KeyDecoder.Code($0.value) })
        }
        #expect(events("\u{1B}[?997;1n") == [.colorScheme(.dark)])
        #expect(events("j\u{1B}[?997;2nk") == [.key(.character("j")), .colorScheme(.light), .key(.character("k"))])
        #expect(keys("j\u{1B}[?997;2nk") == [.character("j"), .character("k")])
        // Other reports with the final n (a cursor position answer, an unknown scheme) are dropped whole.
        #expect(events("\u{1B}[?997;3n") == [])
        #expect(events("\u{1B}[0n") == [])
        #expect(events("\u{1B}[997;1n") == [])
    }

    @Test func keyCodesEndASequence() {
        let codes = [KeyDecoder.Code(27), KeyDecoder.Code(UInt32(KEY_UP), isKeyCode: true)]
        #expect(KeyDecoder.keys(codes) == [.escape, .up])
    }

    @Test func unfinishedSequencesAskForMore() {
        func unfinished(_ text: String) -> Bool {
            KeyDecoder.endsInsideSequence(text.unicodeScalars.map { KeyDecoder.Code($0.value) })
        }
        #expect(unfinished("\u{1B}"))
        #expect(unfinished("\u{1B}["))
        #expect(unfinished("j\u{1B}[4"))
        #expect(unfinished("\u{1B}O"))
        #expect(!unfinished("\u{1B}[4~"))
        #expect(!unfinished("\u{1B}q"))
        #expect(!unfinished("q"))
        #expect(!unfinished("\u{1B}[" + String(repeating: "1", count: 40)))
    }

    @Test func insertFromNcurses() {
        #expect(KeyDecoder.key(code: UInt32(KEY_IC), isKeyCode: true) == .insert)
    }
}
