import PhotoramaImages

#if canImport(Glibc)
import Glibc
#endif

/// The size of one character cell in pixels, so protocol pictures (kitty, sixel) fill their cells
/// exactly. Terminals that report their pixel size fill TIOCGWINSZ's ws_xpixel/ws_ypixel; many leave
/// them zero, and then a common 10×20 is assumed.
public enum CellPixelSize {
    public static let fallback = PixelSize(width: 10, height: 20)

    /// The cell size of the terminal on `fileDescriptor`; `fallback` when it is not a terminal or does
    /// not report pixels.
    public static func of(fileDescriptor: Int32) -> PixelSize {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 else { return fallback }
        return from(columns: Int(size.ws_col), rows: Int(size.ws_row), width: Int(size.ws_xpixel), height: Int(size.ws_ypixel))
    }

    /// From a window size: whole pixels per cell, `fallback` when any field is zero or the pixels are
    /// fewer than the cells.
    public static func from(columns: Int, rows: Int, width: Int, height: Int) -> PixelSize {
        guard columns > 0, rows > 0, width >= columns, height >= rows else { return fallback }
        return PixelSize(width: width / columns, height: height / rows)
    }
}
