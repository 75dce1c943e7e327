import PhotoramaImages

/// The terminal-answer parser (`TerminalAnswerParser`): whatever arrives, reading it in one piece or a byte
/// at a time gives the same answers and type-ahead, nothing typed grows, and text without ESC is all typing.
enum TerminalAnswerTargets {
    static let answers = FuzzTarget(name: "terminal-answers", summary: "the terminal-answer parser (answers split anywhere, type-ahead)") {
        bytes in
        var whole = TerminalAnswerParser()
        let wholeAnswers = whole.feed(bytes)
        whole.finish()
        var split = TerminalAnswerParser()
        var splitAnswers: [TerminalAnswer] = []
        for byte in bytes { splitAnswers += split.feed(CollectionOfOne(byte)) }
        split.finish()
        var broken: [String] = []
        if wholeAnswers != splitAnswers { broken.append("answers differ when read a byte at a time") }
        if whole.typeAhead != split.typeAhead { broken.append("type-ahead differs when read a byte at a time") }
        if whole.typeAhead.count > bytes.count { broken.append("more type-ahead than input") }
        if !bytes.contains(0x1B), whole.typeAhead != bytes || !wholeAnswers.isEmpty {
            broken.append("input without ESC is not all typing")
        }
        return broken
    }
}
