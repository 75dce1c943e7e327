import PhotoramaImages
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Cell size in pixels from TIOCGWINSZ")
struct CellPixelSizeTests {
    @Test("pixels over cells, whole pixels; 10×20 when the terminal leaves the pixel fields zero")
    func fromWindowSize() {
        #expect(CellPixelSize.from(columns: 160, rows: 45, width: 1600, height: 900) == PixelSize(width: 10, height: 20))
        #expect(CellPixelSize.from(columns: 80, rows: 24, width: 721, height: 409) == PixelSize(width: 9, height: 17))
        #expect(CellPixelSize.from(columns: 80, rows: 24, width: 0, height: 0) == PixelSize(width: 10, height: 20))
        #expect(CellPixelSize.from(columns: 80, rows: 24, width: 800, height: 0) == PixelSize(width: 10, height: 20))
        #expect(CellPixelSize.from(columns: 0, rows: 0, width: 800, height: 480) == PixelSize(width: 10, height: 20))
    }

    @Test("read from a real pseudo-terminal whose window size says 1440×768 pixels for 120×32 cells")
    func fromPseudoTerminal() throws {
        // The master side of a new pseudo-terminal answers TIOCGWINSZ with the size set on it.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var size = winsize(ws_row: 32, ws_col: 120, ws_xpixel: 1440, ws_ypixel: 768)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
        #expect(CellPixelSize.of(fileDescriptor: master) == PixelSize(width: 12, height: 24))
        var blank = winsize(ws_row: 32, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &blank) == 0)
        #expect(CellPixelSize.of(fileDescriptor: master) == CellPixelSize.fallback)
    }

    @Test("not a terminal: the fallback")
    func notATerminal() {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        #expect(CellPixelSize.of(fileDescriptor: pipeEnds[1]) == CellPixelSize.fallback)
    }
}
