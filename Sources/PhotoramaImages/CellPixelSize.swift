/// The size of one character cell in pixels, so protocol pictures (kitty, sixel) fill their cells
/// exactly. Terminals that report their pixel size fill TIOCGWINSZ's ws_xpixel/ws_ypixel; many leave
/// them zero, and then a common 10×20 is assumed.
public enum CellPixelSize {
    public static let fallback = PixelSize(width: 10, height: 20)

    /// The cell size of the terminal on `fileDescriptor`; `fallback` when it is not a terminal or does
    /// not report pixels.
    public static func of(fileDescriptor: Int32) -> PixelSize {
        guard let window = TerminalWindow.of(fileDescriptor: fileDescriptor) else { return fallback }
        return from(columns: window.cells.columns, rows: window.cells.rows, width: window.pixels.width, height: window.pixels.height)
    }

    /// From a window size: whole pixels per cell, `fallback` when any field is zero or the pixels are
    /// fewer than the cells.
    public static func from(columns: Int, rows: Int, width: Int, height: Int) -> PixelSize {
        measured(columns: columns, rows: rows, width: width, height: height) ?? fallback
    }

    /// From a window size, nil where `from` would assume `fallback`.
    public static func measured(columns: Int, rows: Int, width: Int, height: Int) -> PixelSize? {
        guard columns > 0, rows > 0, width >= columns, height >= rows else { return nil }
        return PixelSize(width: width / columns, height: height / rows)
    }
}
