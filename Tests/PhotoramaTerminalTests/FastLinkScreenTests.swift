import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// On a terminal that keeps up (a file: no write ever waits) the slow link's first look never happens
/// (issue 42, point 5): with keys coming as fast as a held PgDn, every kitty picture goes once, whole. In
/// the serialized suite of the other ncurses tests (ncurses has one current screen per process).
extension NCursesScreenOutputTests {
    @Test func aTerminalThatKeepsUpGetsNoPreviewPassWhileKeysCome() throws {
        let input = try Input()
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .kitty, input: input.file)
        var log = GraphicsLog()
        for scroll in 0..<6 {
            input.send("\u{1B}[6~")
            #expect(!Self.readEvents(terminal.screen, count: 1).isEmpty)
            terminal.screen.draw(Self.grid(scroll: scroll).frame)
            #expect(terminal.screen.picturesWaiting == 0)
            log.read(terminal.newBytes())
        }
        // Scrolls 0 to 5 show pictures 1 to 14, each sent once at its 20×20 pixels.
        #expect(log.transmittedSizes.keys.sorted() == Array(1...14))
        #expect(log.transmittedSizes.values.allSatisfy { $0 == [PixelSize(width: 20, height: 20)] })
    }

    @Test func aTerminalThatKeepsUpGetsEachSixelDirectlyAndNoHalfBlocksWhileKeysCome() throws {
        setlocale(LC_ALL, "C.UTF-8")
        let input = try Input()
        let terminal = try Terminal(columns: 40, rows: 14, pictures: .sixel, input: input.file)
        var written: [UInt8] = []
        for scroll in 0..<6 {
            input.send("\u{1B}[6~")
            #expect(!Self.readEvents(terminal.screen, count: 1).isEmpty)
            terminal.screen.draw(Self.grid(scroll: scroll).frame)
            #expect(terminal.screen.picturesWaiting == 0)
            written += terminal.newBytes()
        }
        // The first screen paints four sixels, each scroll after it every one again (they moved): 24, and no
        // half block (a first look's cells) anywhere.
        let sixels = written.indices.dropLast().filter { written[$0] == 0x1B && written[$0 + 1] == UInt8(ascii: "P") }
        #expect(sixels.count == 24)
        #expect(!written.indices.dropLast(2).contains { written[$0] == 0xE2 && written[$0 + 1] == 0x96 && written[$0 + 2] == 0x80 })
    }
}
