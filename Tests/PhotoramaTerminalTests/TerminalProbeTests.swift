import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The probe against a pseudo-terminal whose other side plays the terminal (`FakeTerminal`).
@Suite(.serialized) struct TerminalProbeTests {
    /// The wait for a fake terminal that answers. Its answers come from a thread of this process, which a loaded
    /// machine can leave unscheduled past the product's 120 ms (a whole-suite run at load 10 saw no answer); the
    /// probe ends at DA1's answer, so a longer wait costs nothing when the answer comes.
    static let answerDeadline: Duration = .seconds(10)

    /// xterm 379 as a VT340: XTVERSION, DECRQSS, XTSMGRAPHICS's 1024 colour registers, DA1.
    static let xtermVT340 = Array(
        ("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\\u{1B}[?1;0;1024S"
            + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c").utf8)

    @Test("writes the batch once, reads xterm's answers up to DA1, and keeps the keys typed around them")
    func answeringTerminal() throws {
        let keys = Array("j\u{1B}[B".utf8)
        let terminal = try FakeTerminal(reply: keys + Self.xtermVT340 + Array("q".utf8))
        defer { terminal.close() }
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: false, deadline: Self.answerDeadline, typeAhead: .keep))
        #expect(terminal.received == TerminalQueries.batch(askCellSize: false))
        #expect(
            findings.answers.map(\.answer) == [
                .version("XTerm(379)"), .statusString(valid: true, setting: "0;38:2::1:2:3m"),
                .graphicsAttribute(item: 1, status: 0, values: [1024]), .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]),
            ])
        #expect(findings.complete)
        // The key after DA1's answer came in the same read: it is kept too.
        #expect(findings.typeAhead == Array("j\u{1B}[Bq".utf8))
        #expect(
            findings.asked == [
                .kittyGraphics, .version, .statusString, .capability, .synchronizedOutput, .backgroundColor, .graphicsAttribute,
                .deviceAttributes,
            ])
    }

    @Test("a terminal that never answers: the wait ends at the deadline with no answer, and the mode is put back")
    func silentTerminal() throws {
        let terminal = try FakeTerminal(reply: nil)
        defer { terminal.close() }
        var before = termios()
        try #require(tcgetattr(terminal.slave, &before) == 0)
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: true, deadline: .milliseconds(30), typeAhead: .keep))
        #expect(findings.answers == [])
        #expect(!findings.complete)
        #expect(findings.milliseconds >= 30)
        let batch = TerminalQueries.batch(askCellSize: true)
        #expect(terminal.received(count: batch.count) == batch)
        // Line mode is back, echo held off for answers that may still come, until `release`.
        var after = termios()
        try #require(tcgetattr(terminal.slave, &after) == 0)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_lflag == before.c_lflag & ~tcflag_t(ECHO))
        #expect(TerminalProbe.release(input: terminal.slave, wait: .zero) == [])
        try #require(tcgetattr(terminal.slave, &after) == 0)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }

    @Test("answers after the deadline are neither echoed nor left as input; a key typed with them is given back")
    func lateAnswers() throws {
        let terminal = try FakeTerminal(reply: nil)
        defer { terminal.close() }
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: false, deadline: .milliseconds(30), typeAhead: .keep))
        #expect(!findings.complete)
        let batch = TerminalQueries.batch(askCellSize: false)
        _ = terminal.received(count: batch.count)
        // The terminal answers late, and a key is typed after.
        let late = Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;4cx".utf8)
        _ = late.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
        let refused = TerminalProbe.release(input: terminal.slave, wait: .seconds(10))
        // Nothing of the answer was echoed back to the terminal.
        #expect(terminal.received == batch)
        // The key is in the input again (or, where Linux forbids TIOCSTI, handed back to the caller); the
        // answer is not.
        var input: [UInt8] = refused
        _ = fcntl(terminal.slave, F_SETFL, fcntl(terminal.slave, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 256)
        var mode = termios()
        tcgetattr(terminal.slave, &mode)
        var raw = mode
        raw.c_lflag &= ~tcflag_t(ICANON)
        tcsetattr(terminal.slave, TCSANOW, &raw)
        let count = buffer.withUnsafeMutableBytes { read(terminal.slave, $0.baseAddress, $0.count) }
        tcsetattr(terminal.slave, TCSANOW, &mode)
        if count > 0 { input += buffer[..<count] }
        #expect(input == Array("x".utf8))
        #expect(mode.c_lflag & tcflag_t(ECHO) != 0)
    }

    @Test("keys typed before the probe, in the terminal's line mode, are read and kept")
    func keysTypedBefore() throws {
        let terminal = try FakeTerminal(reply: Array("\u{1B}[?1;2c".utf8))
        defer { terminal.close() }
        // Typed while the line discipline still edited lines and echoed: the bytes wait in its buffer.
        _ = Array("/sun".utf8).withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: false, deadline: Self.answerDeadline, typeAhead: .keep))
        #expect(findings.answers.map(\.answer) == [.deviceAttributes([1, 2])])
        #expect(findings.typeAhead == Array("/sun".utf8))
    }
}

/// In the serialized suite of the other ncurses tests: ncurses has one current screen per process.
extension NCursesScreenOutputTests {
    @Test("type-ahead handed to the screen comes out of readInput as the keys typed, escape sequences decoded")
    func typeAheadReachesTheScreen() throws {
        setlocale(LC_ALL, "C.UTF-8")
        let output = try #require(tmpfile())
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let screen = try #require(NCursesScreen(terminalType: "xterm-256color", output: output, input: input, useColor: true))
        defer { screen.restore() }
        screen.deliverTypeAhead(Array("/é\u{1B}[A\u{1B}OB\r".utf8))
        let keys = screen.readInput(timeoutMilliseconds: 0).map { action -> Key? in
            if case .key(let key) = action { return key }
            return nil
        }
        #expect(keys == [.character("/"), .character("é"), .up, .down, .enter])
    }
}

@Suite("Type-ahead as ncurses' queue takes it back")
struct TypeAheadKeysTests {
    /// A key table like xterm-256color's: application-mode arrows, a function key.
    static func lookup(_ sequence: [UInt8]) -> Int32? {
        ["\u{1B}OA": 259, "\u{1B}OB": 258, "\u{1B}[15~": 269][String(decoding: sequence, as: UTF8.self)]
    }

    @Test("known sequences become key codes, normal-mode arrows are found in their application form, the rest stays bytes")
    func codes() {
        let bytes = Array("a\u{1B}[A\u{1B}OB\u{1B}[15~\u{1B}x\u{1B}é".utf8)
        #expect(
            TypeAheadKeys.codes(bytes, lookup: Self.lookup) == [97, 259, 258, 269, 27, 120, 27, 0xC3, 0xA9])
    }

    @Test("a lone Escape at the end stays the Escape key")
    func loneEscape() {
        #expect(TypeAheadKeys.codes([0x1B], lookup: Self.lookup) == [27])
    }
}

extension NCursesScreenOutputTests {
    @Test("readInput with a wake-up: keys ncurses holds come at once, a signalled wake-up ends the wait, typed keys end it too")
    func readInputWakesUp() throws {
        setlocale(LC_ALL, "C.UTF-8")
        var keyPipe: [Int32] = [0, 0]
        var wakePipe: [Int32] = [0, 0]
        try #require(pipe(&keyPipe) == 0)
        try #require(pipe(&wakePipe) == 0)
        let output = try #require(tmpfile())
        let input = try #require(fdopen(keyPipe[0], "r"))
        defer {
            fclose(output)
            fclose(input)
            for descriptor in [keyPipe[1], wakePipe[0], wakePipe[1]] { close(descriptor) }
        }
        let screen = try #require(NCursesScreen(terminalType: "xterm-256color", output: output, input: input, useColor: true))
        defer { screen.restore() }
        let clock = ContinuousClock()
        // Each wait below would last 30 s if it did not end early; ending early means within the time the
        // program gives a terminal to answer (`TerminalProbe.deadline`, 120 ms), not merely before the 30 s.
        func keys(_ actions: [InputEvent]) -> [Key] {
            actions.compactMap { if case .key(let key) = $0 { key } else { nil } }
        }
        var started = clock.now
        screen.deliverTypeAhead(Array("x".utf8))
        #expect(keys(screen.readInput(timeoutMilliseconds: 30_000, wakeUp: wakePipe[0])) == [.character("x")])
        #expect(clock.now - started < TerminalProbe.deadline)

        started = clock.now
        var byte: UInt8 = 1
        #expect(write(wakePipe[1], &byte, 1) == 1)
        #expect(screen.readInput(timeoutMilliseconds: 30_000, wakeUp: wakePipe[0]).isEmpty)
        #expect(clock.now - started < TerminalProbe.deadline)
        #expect(read(wakePipe[0], &byte, 1) == 1)

        started = clock.now
        #expect(Array("k".utf8).withUnsafeBytes { write(keyPipe[1], $0.baseAddress, $0.count) } == 1)
        #expect(keys(screen.readInput(timeoutMilliseconds: 30_000, wakeUp: wakePipe[0])) == [.character("k")])
        #expect(clock.now - started < TerminalProbe.deadline)
    }
}
