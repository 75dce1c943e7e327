/// A cell colour: the sixteen terminal colours and the terminal's own default (text), or, for image
/// cells, an entry of the xterm 256-colour palette or a 24-bit colour.
public enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    /// An xterm 256-colour palette entry (0–15 are the sixteen above, 16–231 the cube, 232–255 greys).
    case indexed(UInt8)
    /// A 24-bit colour; only image cells use it, and only when the terminal has 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The sixteen named colours, in palette order.
    public static let named: [Color] = [
        .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
        .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
    ]
}

/// How a cell is drawn.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
        reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
}
