/// What one batch of queries brought back (`TerminalProbe.ask` in PhotoramaTerminal fills it in).
public struct TerminalFindings: Hashable, Sendable {
    /// The queries written, in order.
    public var asked: [TerminalQuery]
    /// The answers, in the order they arrived, each with its time.
    public var answers: [TimedAnswer]
    /// From writing the queries to the end of the wait, in milliseconds.
    public var milliseconds: Double
    /// What was typed meanwhile, in order (see `TerminalAnswerParser.typeAhead`).
    public var typeAhead: [UInt8]
    /// Bytes of answers dropped as too long or unasked.
    public var discarded: Int
    /// The media whose one-pixel probe object was asked about (`TerminalQueries.batch`'s `media`).
    public var mediaAsked: Set<KittyMedium> = []
    /// Of those, the ones whose object was still there after the answers: the terminal did not read it or
    /// would not remove it (a temporary file outside the temporary folders kitty knows), so pictures sent
    /// that way would outlive their reading.
    public var mediaLeftBehind: Set<KittyMedium> = []

    public init(
        asked: [TerminalQuery], answers: [TimedAnswer], milliseconds: Double, typeAhead: [UInt8] = [], discarded: Int = 0
    ) {
        self.asked = asked
        self.answers = answers
        self.milliseconds = milliseconds
        self.typeAhead = typeAhead
        self.discarded = discarded
    }

    /// Whether DA1 was answered: then every answer the terminal meant to give has arrived.
    public var complete: Bool { answers.contains { $0.answer.query == .deviceAttributes } }

    /// The first answer to `query`.
    public func first(_ query: TerminalQuery) -> TimedAnswer? {
        answers.first { $0.answer.query == query }
    }

    /// Every answer to `query`, in order.
    public func all(_ query: TerminalQuery) -> [TerminalAnswer] {
        answers.filter { $0.answer.query == query }.map(\.answer)
    }
}
