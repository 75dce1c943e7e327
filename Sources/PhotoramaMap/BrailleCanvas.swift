/// Dots on a grid of braille cells: each cell holds 2×4 dots and is drawn as one of the 256 braille
/// patterns (U+2800–U+28FF), so a terminal of 80×20 cells shows 160×80 dots.
public struct BrailleCanvas: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// One byte a cell: bit n is braille dot n + 1.
    public private(set) var cells: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = [UInt8](repeating: 0, count: self.columns * self.rows)
    }

    /// The bit of dot (x, y) within its cell: the left column is dots 1, 2, 3, 7, the right 4, 5, 6, 8.
    static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at (x, y), counted from the top left; dots outside the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < columns * 2, y < rows * 4 else { return }
        cells[(y >> 2) * columns + (x >> 1)] |= Self.dotBits[x & 1][y & 3]
    }

    /// Sets the dots `start..<end` of dot row `y`.
    public mutating func fill(y: Int, from start: Int, to end: Int) {
        guard y >= 0, y < rows * 4 else { return }
        let lower = max(0, start)
        let upper = min(columns * 2, end)
        guard lower < upper else { return }
        let base = (y >> 2) * columns
        let left = Self.dotBits[0][y & 3]
        let right = Self.dotBits[1][y & 3]
        for x in lower..<upper { cells[base + (x >> 1)] |= (x & 1 == 0 ? left : right) }
    }

    /// The pattern byte of a cell (0 outside the canvas).
    public func bits(row: Int, column: Int) -> UInt8 {
        guard row >= 0, column >= 0, row < rows, column < columns else { return 0 }
        return cells[row * columns + column]
    }

    /// The braille character of a pattern; a blank for no dots (U+2800 would be an "invisible" glyph
    /// some fonts draw wide).
    public static func character(_ bits: UInt8) -> String { patterns[Int(bits)] }

    private static let patterns: [String] = (0..<256).map { bits in
        bits == 0 ? " " : String(UnicodeScalar(UInt32(0x2800 + bits)).map(Character.init) ?? " ")
    }

    /// The land of `viewport` drawn as dots.
    public static func land(_ land: WorldLand, viewport: MapViewport) -> BrailleCanvas {
        var canvas = BrailleCanvas(columns: viewport.columns, rows: viewport.rows)
        LandFill.runs(land, viewport: viewport) { row, start, end in canvas.fill(y: row, from: start, to: end) }
        return canvas
    }
}
