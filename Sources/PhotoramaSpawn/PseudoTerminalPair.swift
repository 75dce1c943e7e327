#if canImport(Glibc)
    import Glibc
#endif

/// A new pseudo-terminal: the master side (what a terminal emulator holds) and the slave side (what a
/// program started on it gets), for the tools and tests that play a terminal. Closing both is the caller's.
public struct PseudoTerminalPair: Sendable {
    public let master: Int32
    public let slave: Int32

    /// Why no pair could be opened.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens a pair whose window is `rows` × `columns` cells and, when given, `pixels` wide and high
    /// (TIOCGWINSZ answers them). posix_openpt and its friends are not in Swift's Glibc module: /dev/ptmx
    /// and Linux's ioctls (TIOCSPTLCK, TIOCGPTN) instead.
    public static func open(rows: Int, columns: Int, pixels: (width: Int, height: Int)? = nil) throws(Failure) -> PseudoTerminalPair {
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal") }
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            close(master)
            throw Failure(description: "no pseudo-terminal")
        }
        let slave = Glibc.open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw Failure(description: "cannot open /dev/pts/\(number)")
        }
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: UInt16(clamping: pixels?.width ?? 0),
            ws_ypixel: UInt16(clamping: pixels?.height ?? 0))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        return PseudoTerminalPair(master: master, slave: slave)
    }
}
