import PhotoramaImages
import Testing

/// A frame's update in pieces (issue 42, point 4): the pieces a slow link never took are handed back, and
/// the next frame brings exactly what the terminal then lacks.
@Suite struct KittyPiecesTests {
    typealias Key = KittyReader.Key

    @Test("pieces never written are sent again by the next frame that wants them; those written are not")
    func unwrittenPiecesAreSentAgain() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        let a = KittyPlacementsTests.picture(1, row: 0)
        let b = KittyPlacementsTests.picture(2, row: 5)
        let c = KittyPlacementsTests.picture(3, row: 10)
        let first = placements.pieces([a, b, c])
        #expect(first.first == [])
        #expect(first.pieces.map(\.key.id) == [1, 2, 3])
        // Only a's piece reached the terminal.
        KittyPlacementsTests.emit(first.pieces[0].bytes, to: &terminal)
        placements.unwritten(Array(first.pieces[1...]))

        // The user moved on: c moved up, b left. b is never written; c is transmitted with its new place.
        let cMoved = KittyPlacementsTests.picture(3, row: 5)
        let second = placements.pieces([a, cMoved])
        #expect(second.first == [])
        #expect(second.pieces.map(\.key.id) == [3])
        for piece in second.pieces { KittyPlacementsTests.emit(piece.bytes, to: &terminal) }
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect, Key(id: 3, placement: 1): cMoved.rect])
        #expect(terminal.transmissions == [1: 1, 3: 1])
        // Joined, the pieces are what `frame` writes for the same change, under one save and restore.
        var joined = KittyPlacements()
        var split = KittyPlacements()
        let inner = split.pieces([a, b, c]).pieces.flatMap { Array($0.bytes.dropFirst(2).dropLast(2)) }
        #expect(joined.frame([a, b, c]) == [0x1B, UInt8(ascii: "7")] + inner + [0x1B, UInt8(ascii: "8")])
    }

    @Test("a move never written leaves the old placement known, so leaving deletes it")
    func unwrittenMoveKeepsTheOldPlacement() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        let a = KittyPlacementsTests.picture(1, row: 0)
        KittyPlacementsTests.emit(placements.frame([a]), to: &terminal)
        let moved = placements.pieces([KittyPlacementsTests.picture(1, row: 5)])
        #expect(moved.pieces.count == 1)
        placements.unwritten(moved.pieces)
        // a leaves the screen: its placement, still where it was, is deleted.
        KittyPlacementsTests.emit(placements.frame([]), to: &terminal)
        #expect(terminal.placements == [:])
        #expect(terminal.transmissions == [1: 1])
    }
}
