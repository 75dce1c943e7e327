import Testing

@testable import PhotoramaTerminal

/// Held keys and rests (issue 42, point 4): a slow link's first look goes for a key after a rest, never for
/// the pages of a held burst, its final page included, which must be whole within 1.5 s of the last key.
@Suite struct InputPaceTests {
    static let start = ContinuousClock.now
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func aKeyAfterARestSendsTheFirstLookAndAHeldKeysPagesUpToTheFinalOneDoNot() {
        var pace = InputPace()
        #expect(pace.resting)
        // PgDn after a rest: its screen's pictures go first as previews on a slow link.
        pace.read(input: true, at: Self.at(0))
        #expect(!pace.inBurst)
        #expect(pace.previews(slowLink: true))
        #expect(!pace.previews(slowLink: false))
        // Reads that find nothing within the rest delay: still the same key's screen, still no rest.
        pace.read(input: false, at: Self.at(15))
        #expect(!pace.resting)
        #expect(pace.previews(slowLink: true))
        // The key repeats 33 ms later, and again: a held burst, no previews.
        pace.read(input: true, at: Self.at(33))
        #expect(pace.inBurst)
        #expect(!pace.previews(slowLink: true))
        pace.read(input: true, at: Self.at(66))
        #expect(!pace.previews(slowLink: true))
        // The last key was at 66 ms: 249 ms later it is not yet a rest, at 250 ms it is; the final page
        // of the hold still goes whole, its previews never sent.
        pace.read(input: false, at: Self.at(315))
        #expect(!pace.resting)
        pace.read(input: false, at: Self.at(316))
        #expect(pace.resting)
        #expect(pace.inBurst)
        #expect(!pace.previews(slowLink: true))
        // A key after that rest starts afresh: its screen has its first look again.
        pace.read(input: true, at: Self.at(900))
        #expect(!pace.inBurst)
        #expect(!pace.resting)
        #expect(pace.previews(slowLink: true))
    }
}
