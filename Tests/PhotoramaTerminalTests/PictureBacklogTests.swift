import PhotoramaImages
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The kitty pictures a slow terminal has not taken (issue 42, point 4), on a pipe of one page (4096 bytes)
/// that nobody reads: the write never waits, a piece begun is the only one kept back from dropping.
@Suite struct PictureBacklogTests {
    static func pieces() -> [PicturePiece] {
        var placements = KittyPlacements()
        let pictures = (1...3).map { id in
            KittyPicture(
                id: UInt32(id), rect: Rect(row: id * 5, column: 0, width: 10, height: 4),
                image: noise(width: 60 + id, height: 60))
        }
        return placements.pieces(pictures).pieces.map(PicturePiece.kitty)
    }

    /// Pixels that do not compress: every picture's PNG is more than a page.
    static func noise(width: Int, height: Int) -> RGBImage {
        var state: UInt32 = 2_463_534_242
        let pixels = (0..<(width * height * 3)).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// F_SETPIPE_SZ (Linux), not in Swift's Glibc module.
    static let setPipeSize: Int32 = 1031

    @Test func aFullTerminalTakesPartOfTheFirstPieceAndTheRestAreHandedBackUnwritten() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(fcntl(ends[1], Self.setPipeSize, 4096) == 4096)
        let pieces = Self.pieces()
        #expect(pieces.allSatisfy { $0.bytes.count > 4096 })
        var backlog = PictureBacklog()
        backlog.append(pieces)
        // The pipe took a page and then refused more: full, which the drain rate counts on.
        #expect(backlog.writeAvailable(to: ends[1]) == PictureBacklog.Progress(bytes: 4096, full: true))
        // The descriptor stays blocking for everyone else.
        #expect(fcntl(ends[1], F_GETFL) & O_NONBLOCK == 0)
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(count == 4096)
        #expect(Array(buffer.prefix(count)) == Array(pieces[0].bytes.prefix(4096)))
        #expect(backlog.takeUnwritten() == Array(pieces[1...]))
        #expect(!backlog.isEmpty)
    }
}
