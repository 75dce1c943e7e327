import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

/// Kitty and sixel pictures through a real ncurses screen (newterm writing to a file): the whole output
/// stream is read back as a terminal would and checked after every frame. In the same serialized suite
/// as the other ncurses tests (ncurses has one current screen per process).
extension NCursesScreenOutputTests {
    // MARK: - Helpers
    static func pixels(_ seed: Int) -> RGBImage {
        RGBImage(width: 20, height: 20, pixels: (0..<(20 * 20 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + seed * 31) })
    }

    static func picture(_ id: UInt32, at rect: Rect) -> FramePicture {
        FramePicture(rect: rect, picture: PixelPicture(id: id, columns: rect.width, rows: rect.height, image: pixels(Int(id))))
    }

    /// A 40×14 grid of two columns of cards, 6 rows each (a title row, a 4-row picture, a blank row),
    /// scrolled down by `scroll` card rows: card i shows picture i + 1 (its id), as the browser would.
    static func grid(scroll: Int, size: CellSize = CellSize(columns: 40, rows: 14)) -> (frame: Frame, expected: [UInt32: Rect]) {
        var frame = Frame(size: size)
        frame.put("header", row: 0, column: 0)
        frame.put("status \(scroll)", row: size.rows - 1, column: 0)
        var expected: [UInt32: Rect] = [:]
        for visibleRow in 0..<2 {
            for column in 0..<2 {
                let index = (scroll + visibleRow) * 2 + column
                let top = 1 + visibleRow * 6
                frame.put("card \(index)", row: top, column: column * 20)
                let rect = Rect(row: top + 1, column: column * 20 + 2, width: 10, height: 4)
                frame.fill(rect, style: .plain)
                frame.pictures.append(picture(UInt32(index + 1), at: rect))
                expected[UInt32(index + 1)] = rect
            }
        }
        return (frame, expected)
    }

    // MARK: - Kitty pictures
    @Test func kittyPicturesArePlacedOnceDeletedWhenTheyScrollAwayAndNoneOutliveTheScreen() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty)
        var log = GraphicsLog()
        // Forward through 100 screens of cards, back up a little, then forward again.
        let scrolls = Array(0..<100) + [99, 98, 97, 98, 99, 100]
        for scroll in scrolls {
            let (frame, expected) = Self.grid(scroll: scroll)
            terminal.screen.draw(frame)
            log.read(terminal.newBytes())
            #expect(log.placedByID == expected, "scroll \(scroll)")
            #expect(terminal.screen.shownPictures == expected, "scroll \(scroll)")
            // The terminal keeps at most `storedLimit` (160) images nobody shows, plus those on screen.
            #expect(log.stored.count <= KittyPlacements().storedLimit + 4, "scroll \(scroll)")
        }
        // Each picture was transmitted once: scrolling back placed the stored ones again.
        #expect(log.transmissions.values.allSatisfy { $0 == 1 })
        #expect(log.transmissions.count == 204)
        // An unchanged frame writes nothing at all.
        terminal.screen.draw(Self.grid(scroll: 100).frame)
        #expect(terminal.newBytes().isEmpty)
        terminal.screen.restore()
        log.read(terminal.newBytes())
        #expect(log.placements.isEmpty)
        #expect(log.stored.isEmpty)
    }

    @Test func anOverlayRemovesTheKittyPicturesItCoversAndClosingItPlacesThemAgainWithoutTransmitting() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty)
        var log = GraphicsLog()
        let (frame, expected) = Self.grid(scroll: 3)
        terminal.screen.draw(frame)
        log.read(terminal.newBytes())
        #expect(log.placedByID == expected)

        var covered = frame
        covered.fill(Rect(row: 2, column: 0, width: 18, height: 3), style: .plain)
        covered.put("help", row: 3, column: 1)
        covered.pictureCovers = [Rect(row: 2, column: 0, width: 18, height: 3)]
        terminal.screen.draw(covered)
        log.read(terminal.newBytes())
        #expect(log.placedByID == expected.filter { $0.key != 7 })

        terminal.screen.draw(frame)
        log.read(terminal.newBytes())
        #expect(log.placedByID == expected)

        #expect(log.transmissions == [7: 1, 8: 1, 9: 1, 10: 1])
    }

    @Test func aResizeDeletesEveryKittyPlacementAndPlacesThemAgainFromStoredImages() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty)
        var log = GraphicsLog()
        let (frame, expected) = Self.grid(scroll: 3)
        terminal.screen.draw(frame)
        log.read(terminal.newBytes())
        // What a KEY_RESIZE does to the screen: the next frame is a full one.
        terminal.screen.forgetPreviousFrame()
        terminal.screen.draw(frame)
        let redraw = terminal.newBytes()
        #expect(Self.contains(redraw, "\u{1B}_Ga=d,d=a,q=2\u{1B}\\"))
        log.read(redraw)
        #expect(log.placedByID == expected)
        #expect(log.transmissions == [7: 1, 8: 1, 9: 1, 10: 1])
    }

    @Test func ctrlLFreesEveryKittyImageAndTransmitsWhatTheScreenShowsAgain() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty)
        var log = GraphicsLog()
        for scroll in 0...3 { terminal.screen.draw(Self.grid(scroll: scroll).frame) }
        log.read(terminal.newBytes())
        #expect(log.stored.count == 10)
        // Ctrl-L, perhaps after `reset`, which makes the terminal forget every image.
        terminal.screen.invalidate()
        let (frame, expected) = Self.grid(scroll: 3)
        terminal.screen.draw(frame)
        let redraw = terminal.newBytes()
        #expect(Self.contains(redraw, "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
        log.read(redraw)
        #expect(log.placedByID == expected)
        #expect(log.stored == Set(expected.keys))
        #expect(log.transmissions[7] == 2 && log.transmissions[10] == 2 && log.transmissions[1] == 1)
    }

    @Test func aPictureThatDoesNotFitTheScreenIsNotPlaced() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty)
        var log = GraphicsLog()
        var frame = Frame(size: CellSize(columns: 40, rows: 14))
        frame.pictures = [Self.picture(1, at: Rect(row: 12, column: 0, width: 10, height: 4))]
        terminal.screen.draw(frame)
        log.read(terminal.newBytes())
        #expect(log.placements.isEmpty)
        #expect(log.kittyCommands == 0)
    }

    // MARK: - Sixel pictures
    @Test func sixelPicturesArePaintedAfterTheTextAndRepaintedWhenTextMayHaveCrossedThem() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .sixel)
        var log = GraphicsLog()
        let (frame, expected) = Self.grid(scroll: 0)
        terminal.screen.draw(frame)
        let first = terminal.newBytes()
        log.read(first)
        #expect(
            log.sixels.map { [$0.row, $0.column] }
                == expected.values.sorted { ($0.row, $0.column) < ($1.row, $1.column) }.map { [$0.row, $0.column] })
        #expect(terminal.screen.shownPictures == expected)
        // Nothing changed: nothing written.
        terminal.screen.draw(frame)
        #expect(terminal.newBytes().isEmpty)

        // Text changes on the row of the first card's picture, left of it: ncurses may write over it, and
        // over the second card's further right, since a line update may run on to the row's end.
        var changed = frame
        changed.put("x", row: 3, column: 1)
        terminal.screen.draw(changed)
        log = GraphicsLog()
        log.read(terminal.newBytes())
        #expect(log.sixels.map { [$0.row, $0.column] } == [[2, 2], [2, 22]])

        // Text far from every picture repaints none.
        var far = changed
        far.put("y", row: 0, column: 38)
        terminal.screen.draw(far)
        log = GraphicsLog()
        log.read(terminal.newBytes())
        #expect(log.sixels.isEmpty)
    }

    @Test func aSixelThatLeavesOrIsCoveredIsWrittenOverAsTextAndTheOverlayWins() throws {
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .sixel)
        let (frame, _) = Self.grid(scroll: 0)
        terminal.screen.draw(frame)
        _ = terminal.newBytes()

        // An overlay over the first card: its picture is not painted, its cells are written as text.
        var covered = frame
        let help = Rect(row: 2, column: 0, width: 18, height: 3)
        covered.fill(help, style: .plain)
        covered.put("HELP", row: 3, column: 4)
        covered.pictureCovers = [help]
        terminal.screen.draw(covered)
        let bytes = terminal.newBytes()
        var log = GraphicsLog()
        log.read(bytes)
        // Only the picture right of the overlay on its rows is painted again (ncurses may have run on to
        // the rows' end).
        #expect(log.sixels.map { [$0.row, $0.column] } == [[2, 22]])
        #expect(terminal.screen.shownPictures.keys.sorted() == [2, 3, 4])
        // The whole old picture area, rows 2–5 columns 2–11, is written as the frame has it.
        for row in 2...5 {
            let text = covered.lines[row].dropFirst(2).prefix(10)
            #expect(Self.contains(bytes, "\u{1B}[\(row + 1);3H\u{1B}[0m" + text), "row \(row)")
        }
        // Closing the overlay paints it again, and the picture right of it on the same rows.
        terminal.screen.draw(frame)
        log = GraphicsLog()
        log.read(terminal.newBytes())
        #expect(log.sixels.map { [$0.row, $0.column] } == [[2, 2], [2, 22]])
    }

    // MARK: - Fatal signals and no protocol
    @Test func theFatalSignalPathDeletesKittyImagesWithTheProtocolsOwnBytes() {
        #expect(Array(String(describing: NCursesScreen.kittyDeleteAll).utf8) == KittyGraphics.deleteAll())
    }

    @Test func withoutAProtocolNoPictureByteIsEverWritten() throws {
        let terminal = try Terminal(columns: 40, rows: 14)
        for scroll in 0..<5 { terminal.screen.draw(Self.grid(scroll: scroll).frame) }
        terminal.screen.restore()
        let bytes = terminal.newBytes()
        #expect(!Self.contains(bytes, "\u{1B}_G"))
        #expect(!Self.contains(bytes, "\u{1B}P"))
    }
}
