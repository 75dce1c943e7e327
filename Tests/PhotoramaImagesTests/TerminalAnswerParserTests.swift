import PhotoramaImages
import Testing

@Suite("Reading a terminal's answers out of its input")
struct TerminalAnswerParserTests {
    static let xtermVT340Answers: [TerminalAnswer] = [
        .version("XTerm(379)"), .statusString(valid: true, setting: "0;38:2::1:2:3m"),
        .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]),
    ]
    static let kittyAnswers: [TerminalAnswer] = [
        .kittyGraphics(id: 31, message: "OK"), .version("kitty(0.26.5)"), .statusString(valid: true, setting: "38:2:1:2:3m"),
        .capability(valid: false, name: "RGB", value: nil), .capability(valid: false, name: "Tc", value: nil),
        .textAreaPixels(PixelSize(width: 639, height: 396)), .cellPixels(PixelSize(width: 9, height: 18)),
        .deviceAttributes([62]),
    ]
    static let mltermAnswers: [TerminalAnswer] = [
        .statusString(valid: true, setting: "0;38;5;16m"), .capability(valid: false, name: "", value: nil),
        .capability(valid: false, name: "", value: nil), .textAreaPixels(PixelSize(width: 800, height: 456)),
        .cellPixels(PixelSize(width: 10, height: 19)), .deviceAttributes([63, 1, 2, 3, 4, 6, 7, 15, 18, 22, 29]),
    ]
    static let tmuxAnswers: [TerminalAnswer] = [.version("tmux 3.3a"), .deviceAttributes([1, 2])]

    static let recordings: [(String, [UInt8], [TerminalAnswer])] = [
        ("xterm -ti vt340", TerminalRecordings.xtermVT340, xtermVT340Answers),
        ("kitty", TerminalRecordings.kitty, kittyAnswers),
        ("mlterm", TerminalRecordings.mlterm, mltermAnswers),
        ("tmux", TerminalRecordings.tmux, tmuxAnswers),
    ]

    /// Feeds `pieces` one after the other, then finishes.
    static func read(_ pieces: [[UInt8]]) -> (answers: [TerminalAnswer], typeAhead: [UInt8], discarded: Int) {
        var parser = TerminalAnswerParser()
        var answers: [TerminalAnswer] = []
        for piece in pieces { answers += parser.feed(piece) }
        parser.finish()
        return (answers, parser.typeAhead, parser.discarded)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: - Recorded answers
    @Test("each recorded terminal's answers, read in one piece, with nothing typed", arguments: recordings.indices)
    func recorded(_ index: Int) {
        let (name, bytes, expected) = Self.recordings[index]
        let read = Self.read([bytes])
        #expect(read.answers == expected, "\(name)")
        #expect(read.typeAhead == [], "\(name)")
        #expect(read.discarded == 0, "\(name)")
    }

    @Test("split anywhere in two reads, or one byte a read, the answers are the same", arguments: recordings.indices)
    func splitAnywhere(_ index: Int) {
        let (name, bytes, expected) = Self.recordings[index]
        for cut in 0...bytes.count {
            let read = Self.read([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(read.answers == expected, "\(name) cut at \(cut)")
            #expect(read.typeAhead == [], "\(name) cut at \(cut)")
        }
        let single = Self.read(bytes.map { [$0] })
        #expect(single.answers == expected, "\(name) byte by byte")
    }

    // MARK: - Type-ahead
    @Test("keys typed before, between and after the answers are kept in order, escape sequences and UTF-8 whole")
    func typeAheadAroundAnswers() {
        let up = Self.bytes("\u{1B}[A")
        let bytes =
            Self.bytes("/sun") + Array(TerminalRecordings.xtermVT340[..<16]) + up + Array(TerminalRecordings.xtermVT340[16...])
            + Self.bytes("sét\r")
        // The first 16 bytes are XTVERSION's whole answer: Up arrives between two answers.
        #expect(Array(TerminalRecordings.xtermVT340[..<16]) == Self.bytes("\u{1B}P>|XTerm(379)\u{1B}\\"))
        let read = Self.read([bytes])
        #expect(read.answers == Self.xtermVT340Answers)
        #expect(read.typeAhead == Self.bytes("/sun\u{1B}[Asét\r"))
    }

    @Test("a key between answers, with the reads split inside the key's escape sequence")
    func keySplitAcrossReads() {
        let tmux = TerminalRecordings.tmux
        let read = Self.read([Array(tmux[..<15]) + Self.bytes("\u{1B}["), Self.bytes("B") + Array(tmux[15...])])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == Self.bytes("\u{1B}[B"))
    }

    @Test("the Escape key alone, just before the answers, is kept")
    func escapeKeyBeforeAnswers() {
        let read = Self.read([[0x1B] + TerminalRecordings.tmux])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == [0x1B])
    }

    @Test("Escape pressed last is kept when the reading finishes")
    func escapeKeyLast() {
        let read = Self.read([TerminalRecordings.tmux, [0x1B]])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == [0x1B])
    }

    @Test("Alt-P and Alt-_ (ESC P, ESC _) followed by keys are typing, not answers")
    func altKeysThatLookLikeStrings() {
        let read = Self.read([Self.bytes("\u{1B}Px\u{1B}_y") + TerminalRecordings.tmux + Self.bytes("\u{1B}P\r")])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == Self.bytes("\u{1B}Px\u{1B}_y\u{1B}P\r"))
    }

    @Test("Alt-x, SS3 arrows (ESC O A), mouse and other control sequences pass through as typed")
    func otherKeySequences() {
        let keys = Self.bytes("\u{1B}x\u{1B}OA\u{1B}[<0;3;4M\u{1B}[15~\u{1B}[1;5C")
        let read = Self.read([keys + TerminalRecordings.kitty])
        #expect(read.answers == Self.kittyAnswers)
        #expect(read.typeAhead == keys)
    }

    @Test("a control sequence cut off by a control character is typing, and so is the character")
    func brokenControlSequence() {
        let read = Self.read([Self.bytes("\u{1B}[1\r") + TerminalRecordings.tmux])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == Self.bytes("\u{1B}[1\r"))
    }

    // MARK: - Hostile input
    @Test("an answer that never ends is dropped within a bounded size, and answers after its ST are read")
    func answerThatNeverEnds() {
        var parser = TerminalAnswerParser()
        var answers = parser.feed(Self.bytes("\u{1B}P>|"))
        for _ in 0..<100 { answers += parser.feed([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(answers == [])
        #expect(parser.typeAhead == [])
        #expect(parser.discarded >= 100_000)
        answers += parser.feed(Self.bytes("\u{1B}\\") + TerminalRecordings.tmux)
        #expect(answers == Self.tmuxAnswers)
        parser.finish()
        #expect(parser.typeAhead == [])
    }

    @Test("an unfinished answer at the end is left out of the answers; its bytes are typing")
    func unfinishedAtTheEnd() {
        let read = Self.read([TerminalRecordings.tmux + Self.bytes("\u{1B}P>|XTer")])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == Self.bytes("\u{1B}P>|XTer"))
    }

    @Test("answers to questions never asked (DA2, other window reports, unknown strings) are dropped, not typed")
    func unaskedAnswers() {
        let unasked = Self.bytes("\u{1B}[>41;379;0c\u{1B}[8;24;80t\u{1B}P!|00000000\u{1B}\\\u{1B}_Xyz\u{1B}\\")
        let read = Self.read([unasked + TerminalRecordings.tmux])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead == [])
        #expect(read.discarded == unasked.count)
    }

    @Test("garbage: malformed numbers and stray bytes never make an answer, and the real answers after them are read")
    func garbage() {
        let junk = Self.bytes("\u{1B}[?;;c\u{1B}[4;0;800t\u{1B}[6;;t\u{1B}[?99999999c") + [0xFF, 0x00, 0x9B, 0x1B, 0x1B]
        let read = Self.read([junk, TerminalRecordings.tmux])
        #expect(read.answers == Self.tmuxAnswers)
        // Each malformed report ended in `c` or `t` and was dropped; the raw bytes and both ESCs are typing
        // (ESC ESC is the Escape key twice).
        #expect(read.typeAhead == [0xFF, 0x00, 0x9B, 0x1B, 0x1B])
        #expect(read.discarded == 34)
    }

    @Test("a control sequence too long to be an answer becomes typing once it passes the bound")
    func overlongControlSequence() {
        let long = [0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 600) + [UInt8(ascii: "c")]
        let read = Self.read([long + TerminalRecordings.tmux])
        #expect(read.answers == Self.tmuxAnswers)
        #expect(read.typeAhead.count == long.count)
    }

    // MARK: - Answer forms
    @Test("a kitty error, a known capability with its value, a refused DECRQSS")
    func otherAnswerForms() {
        let read = Self.read([
            Self.bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}P0$r\u{1B}\\")
        ])
        #expect(
            read.answers == [
                .kittyGraphics(id: 31, message: "ENOTSUPPORTED:no"), .capability(valid: true, name: "RGB", value: "8/8/8"),
                .statusString(valid: false, setting: ""),
            ])
    }

    @Test("DA1 attribute 4 means sixel only as an attribute, not as the device class")
    func sixelAttribute() {
        #expect(TerminalAnswer.deviceAttributes([63, 1, 4]).saysSixel)
        #expect(!TerminalAnswer.deviceAttributes([4, 6]).saysSixel)
        #expect(!TerminalAnswer.deviceAttributes([62]).saysSixel)
    }

    @Test("DECRPM: a private mode's setting is an answer (kitty, foot: 2026 known); a key's CSI is not")
    func modeReports() {
        var parser = TerminalAnswerParser()
        let answers = parser.feed(Array("\u{1B}[?2026;2$yx\u{1B}[?2026;0$y\u{1B}[?7;1$y\u{1B}[2$y".utf8))
        #expect(answers == [.privateMode(mode: 2026, setting: 2), .privateMode(mode: 2026, setting: 0), .privateMode(mode: 7, setting: 1)])
        #expect(parser.typeAhead == Array("x".utf8))
        // An ANSI (not private) mode report was asked by nobody: dropped, not typed.
        #expect(parser.discarded == 5)
    }

    @Test("XTSMGRAPHICS: colour registers 16, 256, 1024 and an error status are answers; typed text around them is not")
    func graphicsAttributes() {
        let read = Self.read([
            Self.bytes("\u{1B}[?1;0;16Sa\u{1B}[?1;0;256S\u{1B}[?1;0;1024S\u{1B}[?1;3;0S\u{1B}[?2;1S\u{1B}[?1;0;1024;1S")
        ])
        #expect(
            read.answers == [
                .graphicsAttribute(item: 1, status: 0, values: [16]), .graphicsAttribute(item: 1, status: 0, values: [256]),
                .graphicsAttribute(item: 1, status: 0, values: [1024]), .graphicsAttribute(item: 1, status: 3, values: [0]),
                .graphicsAttribute(item: 2, status: 1, values: []), .graphicsAttribute(item: 1, status: 0, values: [1024, 1]),
            ])
        #expect(read.typeAhead == Self.bytes("a"))
        #expect(read.discarded == 0)
        // Not an XTSMGRAPHICS answer: no `?` (SU, scroll up, is no key either; it stays input as it came),
        // one number only (dropped as a report nobody asked for).
        let other = Self.read([Self.bytes("\u{1B}[1;0;16S\u{1B}[?1S")])
        #expect(other.answers == [])
        #expect(other.typeAhead == Self.bytes("\u{1B}[1;0;16S"))
        #expect(other.discarded == 5)
    }

    @Test("the batch: kitty's query first, OSC 11, XTSMGRAPHICS, DA1 last, CSI 14t/16t only when asked, inside DECSC/DECRC, then EL")
    func batch() {
        let expected =
            "\u{1B}7\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>q\u{1B}[38;2;1;2;3m\u{1B}P$qm\u{1B}\\"
            + "\u{1B}P+q524742\u{1B}\\\u{1B}P+q5463\u{1B}\\\u{1B}[?2026$p\u{1B}]11;?\u{1B}\\\u{1B}[?1;1;0S\u{1B}8\u{1B}[K\u{1B}[c"
        #expect(TerminalQueries.batch(askCellSize: false) == Self.bytes(expected))
        #expect(
            TerminalQueries.batch(askCellSize: true)
                == Self.bytes(expected.replacingOccurrences(of: "\u{1B}8", with: "\u{1B}[14t\u{1B}[16t\u{1B}8")))
        #expect(
            TerminalQueries.sent(askCellSize: false) == [
                .kittyGraphics, .version, .statusString, .capability, .synchronizedOutput, .backgroundColor, .graphicsAttribute,
                .deviceAttributes,
            ])
    }
}
