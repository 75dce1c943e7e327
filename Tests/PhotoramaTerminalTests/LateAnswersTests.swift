import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

@Suite("answers to the start-up queries that arrive late are not keys")
struct LateAnswersTests {
    static func keys(_ text: String) -> [InputEvent] {
        text.map { $0 == "\u{1B}" ? .key(.escape) : .key(.character($0)) }
    }

    /// Actions as keys, to compare (actions are not Equatable).
    static func typed(_ actions: [InputEvent]) -> [Key] {
        actions.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    @Test("DA1, window reports and string answers are removed whole; the keys around them stay")
    func removed() {
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}[?63;1;2;4;6c"))) == [])
        #expect(Self.typed(LateAnswers.strip(Self.keys("j\u{1B}[?1;2ck"))) == Self.typed(Self.keys("jk")))
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}[6;17;8t"))) == [])
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}P>|XTerm(379)\u{1B}\\q"))) == Self.typed(Self.keys("q")))
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}_Gi=31;OK\u{1B}\\"))) == [])
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\\u{1B}[?62;4c"))) == [])
    }

    @Test("OSC 11's late answer is removed whole, ended by ST or by BEL (Ctrl-G); cut off, it stays typing")
    func backgroundAnswer() {
        #expect(Self.typed(LateAnswers.strip(Self.keys("j\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\k"))) == Self.typed(Self.keys("jk")))
        let bell = Self.keys("\u{1B}]11;rgb:0/0/0") + [.key(.ctrl("g")), .key(.character("q"))]
        #expect(Self.typed(LateAnswers.strip(bell)) == [.character("q")])
        #expect(Self.typed(LateAnswers.strip(Self.keys("\u{1B}]11;rgb"))) == Self.typed(Self.keys("\u{1B}]11;rgb")))
    }

    @Test("typing is left alone: Escape, ?, Alt-P, and an answer cut off by the end of the read")
    func typing() {
        for text in ["?", "\u{1B}", "\u{1B}?", "\u{1B}P", "\u{1B}Pabc", "\u{1B}[?63;1", "\u{1B}[c", "\u{1B}[?1;2t", "\u{1B}[1;2c"] {
            #expect(Self.typed(LateAnswers.strip(Self.keys(text))) == Self.typed(Self.keys(text)), "\(text.debugDescription)")
        }
        #expect(Self.typed(LateAnswers.strip([.key(.escape), .key(.up), .key(.character("c"))])) == [.escape, .up, .character("c")])
    }
}
