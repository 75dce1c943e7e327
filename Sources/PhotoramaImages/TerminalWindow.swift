#if canImport(Glibc)
    import Glibc
#endif

/// A terminal's window as TIOCGWINSZ reports it (an ioctl, no ncurses): its size in cells and, where the
/// terminal fills them in, in pixels (zero otherwise).
public struct TerminalWindow: Hashable, Sendable {
    public var cells: CellSize
    public var pixels: PixelSize

    public init(cells: CellSize, pixels: PixelSize) {
        self.cells = cells
        self.pixels = pixels
    }

    /// The window of the terminal on `fileDescriptor`; nil when it is not a terminal.
    public static func of(fileDescriptor: Int32) -> TerminalWindow? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return TerminalWindow(
            cells: CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row)),
            pixels: PixelSize(width: Int(size.ws_xpixel), height: Int(size.ws_ypixel)))
    }
}
