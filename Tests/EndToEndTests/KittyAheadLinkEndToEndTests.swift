import Foundation
import PhotoramaLocking
import PhotoramaSpawn
import ScreenCapture
import TestProcesses
import Testing

/// Kitty pictures sent ahead of need on a slow link (issue 42, point 5): the browser behind a relay that
/// passes 4 Mbit/s (`RateLimitedTerminal`), kitty mode, 200×60 cells. While the user rests on a screen the
/// next screen's cards go to the terminal stored, not placed; a PgDn to them then transmits no card, only
/// places them, and ends as a fresh redraw (Ctrl-L) does: the same placements over the same pixels, the same
/// cells. The rate is below the 10 Mbit/s of the benchmark so that even a loaded machine fills the link
/// and measures it slow.
@Suite(.serialized) struct KittyAheadLinkEndToEndTests {
    static let rate = 4_000_000
    /// Cards on a 200×60 screen.
    static let cardsOnScreen = 25

    @Test func restingOnASlowLinkSendsTheNextScreensCardsAheadAndAPgDnToThemOnlyPlacesThem() async throws {
        let result = try await OwnThread.run { () throws -> Session in try Self.session() }
        let stream = result.stream
        // Before the second PgDn: its cards were sent ahead (transmitted, never placed).
        let before = Array(stream[..<result.pageStart])
        let aheadBefore = Set(HeldPageDownLinkEndToEndTests.transmissions(before).keys).subtracting(Self.everPlaced(before))
        #expect(aheadBefore.count == Self.cardsOnScreen, "sent ahead before the PgDn: \(aheadBefore.sorted())")
        // The PgDn's screen: 25 cards and the detail picture placed.
        let placed = HeldPageDownLinkEndToEndTests.placements(Array(stream[..<result.settledEnd]))
        #expect(placed.count == Self.cardsOnScreen + 1, "placed after the PgDn: \(placed.keys.sorted())")
        let shownIDs = Set(placed.keys.compactMap { $0.split(separator: "/").first.flatMap { UInt32($0) } })
        let cards = shownIDs.intersection(aheadBefore)
        #expect(cards.count == Self.cardsOnScreen, "cards placed from what was sent ahead: \(cards.count)")
        // Up to its last placement, the PgDn transmitted no card: only the detail picture (and perhaps its first look).
        let page = GraphicsCommands.kitty(Array(stream[result.pageStart..<result.settledEnd]))
        let whole = page.lastIndex { $0.key("a") == "p" } ?? -1
        var transmitted = Set<UInt32>()
        for command in page.prefix(whole + 1) where ["t", "T"].contains(command.key("a") ?? "t") {
            if let id = command.key("i").flatMap({ UInt32($0) }) { transmitted.insert(id) }
        }
        #expect(transmitted.intersection(cards).isEmpty, "cards sent again after the PgDn: \(transmitted.intersection(cards).sorted())")
        #expect(transmitted.subtracting(cards).count <= 1, "pictures transmitted for the PgDn: \(transmitted.sorted())")
        // As a fresh redraw: the same placements, each over the pixels the redraw sends.
        let redrawn = HeldPageDownLinkEndToEndTests.placements(stream)
        #expect(placed == redrawn)
        let held = HeldPageDownLinkEndToEndTests.transmissions(Array(stream[..<result.settledEnd]))
        let sentAgain = HeldPageDownLinkEndToEndTests.transmissions(Array(stream[result.settledEnd...]))
        for id in shownIDs.sorted() { #expect(held[id]?.last == sentAgain[id]?.last, "image \(id)") }
        var terminal = KittyStream()
        terminal.read(stream)
        #expect(terminal.errors == [], "kitty commands the terminal could not follow")
        try await HeldPageDownLinkEndToEndTests.expectTextAsAFreshRedraw(
            HeldPageDownLinkEndToEndTests.Session(
                stream: stream, settledEnd: result.settledEnd, settle: .zero, heldBytes: 0, staleAfterLastKey: 0))
        let end = KittyPlacementScan.screenEnd(Array(stream[..<result.settledEnd]), from: result.pageStart)
        print(
            "PgDn after a rest at 4 Mbit/s (kitty): \(end - result.pageStart) bytes to the screen's end,",
            "then \(result.settledEnd - end) bytes of the next screen's cards sent ahead")
    }

    /// Image ids placed anywhere in `stream`.
    static func everPlaced(_ stream: [UInt8]) -> Set<UInt32> {
        Set(GraphicsCommands.kitty(stream).filter { $0.key("a") == "p" }.compactMap { $0.key("i").flatMap(UInt32.init) })
    }

    struct Session: Sendable {
        /// Everything the browser wrote; where the second PgDn's output began and where it ended (the
        /// redraw's began).
        var stream: [UInt8]
        var pageStart: Int
        var settledEnd: Int
    }

    /// The first screen, a PgDn (it scrolls one row), another (a whole page of cards sent ahead while the
    /// user rested), then Ctrl-L; each read until the browser is idle and the link quiet.
    static func session() throws -> Session {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-ahead-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/probe"
        let relay = try HeldPageDownLinkEndToEndTests.relay(
            ["--demo", "--seed", "7", "--thumbnails", "on", "--images", "kitty", "--probe-report", report], folder: folder, rate: rate)
        defer { relay.stop() }
        var probes = 0
        _ = try HeldPageDownLinkEndToEndTests.settle(relay, report: report, probes: &probes)
        relay.send(Array("\u{1B}[6~".utf8))
        _ = try HeldPageDownLinkEndToEndTests.settle(relay, report: report, probes: &probes)
        let pageStart = relay.stream.count
        relay.send(Array("\u{1B}[6~".utf8))
        _ = try HeldPageDownLinkEndToEndTests.settle(relay, report: report, probes: &probes)
        let settledEnd = relay.stream.count
        relay.send([0x0C])
        _ = try HeldPageDownLinkEndToEndTests.settle(relay, report: report, probes: &probes)
        return Session(stream: relay.stream, pageStart: pageStart, settledEnd: settledEnd)
    }
}
