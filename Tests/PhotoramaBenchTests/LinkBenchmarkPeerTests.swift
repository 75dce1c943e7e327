import Testing

@testable import photorama_bench

/// The link benchmark's terminal for timg, which asks the background colour (OSC 11) and waits for the
/// answer before it draws: without one it had drawn nothing when the benchmark stopped it.
@Suite struct LinkBenchmarkPeerTests {
    @Test func theBackgroundQuestionIsAnsweredAndNothingElse() {
        let answer = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8)
        #expect(LinkBenchmark.answerBackground(Array("\u{1B}]11;?\u{1B}\\\u{1B}[?25l".utf8)) == answer)
        #expect(LinkBenchmark.answerBackground(Array("x\u{1B}]11;?".utf8)) == answer)
        #expect(LinkBenchmark.answerBackground(Array("\u{1B}]10;?\u{1B}\\".utf8)) == [])
        #expect(LinkBenchmark.answerBackground(Array("\u{1B}]11".utf8)) == [])
        #expect(LinkBenchmark.answerBackground([]) == [])
    }
}
