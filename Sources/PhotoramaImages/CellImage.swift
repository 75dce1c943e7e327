import PhotoramaText

/// How an image is drawn in character cells.
public enum ImageDrawing: Hashable, Sendable {
    /// Upper half blocks (▀): foreground is the upper pixel, background the lower one.
    case halfBlocks(ColorDepth)
    /// Block symbols finer than half blocks (quadrants, sextants, octants): each cell the pattern and two
    /// colours nearest its sub-pixels. Made by `text(_:symbols:)`, which gives `.halfBlocks` for `.half`.
    case symbols(SymbolSet, ColorDepth)
    /// Characters by brightness, no colour.
    case ascii
    /// True pixels through the kitty graphics protocol.
    case kitty
    /// True pixels as sixel graphics (encoded by libsixel).
    case sixel
    /// True pixels as iTerm2 inline images (OSC 1337 File=, a JPEG sized for the cells).
    case iterm2

    /// Pixels through a graphics protocol rather than characters in cells.
    public var usesGraphicsProtocol: Bool { self == .kitty || self == .sixel || self == .iterm2 }

    /// Colour cells of `symbols` at `depth`: half blocks stay `.halfBlocks`, so one drawing has one value.
    public static func text(_ depth: ColorDepth, symbols: SymbolSet) -> ImageDrawing {
        symbols == .half ? .halfBlocks(depth) : .symbols(symbols, depth)
    }
}

/// The colours a terminal can show.
public enum ColorDepth: String, Hashable, Sendable, CaseIterable {
    /// "24bit, 256, 16 or mono", for messages and help texts.
    public static let choices = ChoiceList.or(allCases.map(\.rawValue))

    case truecolor = "24bit"
    case palette256 = "256"
    case palette16 = "16"
    /// No colour: luminance with ordered dithering.
    case mono
}

/// A cell colour as the image renderer chooses it.
public enum CellColor: Hashable, Sendable {
    /// The terminal's default colour.
    case none
    /// An xterm palette entry (0–15 the sixteen ANSI colours).
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// One character cell of a drawn image.
public struct ImageCell: Hashable, Sendable {
    public var character: Character
    public var foreground: CellColor
    public var background: CellColor

    public init(character: Character, foreground: CellColor = .none, background: CellColor = .none) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}

/// An image drawn as `columns` × `rows` cells, row-major.
public struct CellImage: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    public var cells: [ImageCell]

    public init(columns: Int, rows: Int, cells: [ImageCell]) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells =
            cells.count == self.columns * self.rows
            ? cells : Array(repeating: ImageCell(character: " "), count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> ImageCell { cells[row * columns + column] }
}
