/// The character for every two-colour pattern of a cell's sub-pixels. A pattern is a bit mask: bit
/// `row * columns + column` set means that sub-pixel shows the foreground. Every pattern has a
/// character, so a cell never has to settle for a worse one.
///
/// Sextants (U+1FB00…) and octants (U+1CD00…) are encoded in the order of their masks, leaving out the
/// patterns older blocks already draw; those come from `existing`.
enum SymbolGlyphs {
    static let quadrants: [Character] = Array(" ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")

    static let sextants: [Character] = table(bits: 6, first: 0x1FB00, existing: [0: " ", 21: "▌", 42: "▐", 63: "█"])

    static let octants: [Character] = table(
        bits: 8, first: 0x1CD00,
        existing: [
            0: " ", 255: "█",
            // Quadrant patterns (each quadrant two octant rows high), halves included.
            0b0000_0101: "▘", 0b0000_1010: "▝", 0b0000_1111: "▀", 0b0101_0000: "▖", 0b0101_0101: "▌",
            0b0101_1010: "▞", 0b0101_1111: "▛", 0b1010_0000: "▗", 0b1010_0101: "▚", 0b1010_1010: "▐",
            0b1010_1111: "▜", 0b1111_0000: "▄", 0b1111_0101: "▙", 0b1111_1010: "▟",
            // Whole rows: upper and lower quarters, three quarters.
            0b0000_0011: "\u{1FB82}", 0b1100_0000: "▂", 0b0011_1111: "\u{1FB85}", 0b1111_1100: "▆",
            // Middle quarters of one column.
            0b0001_0100: "\u{1FBE6}", 0b0010_1000: "\u{1FBE7}",
            // Single corner octants.
            0b0000_0001: "\u{1CEA8}", 0b0000_0010: "\u{1CEAB}", 0b0100_0000: "\u{1CEA3}", 0b1000_0000: "\u{1CEA0}",
        ])

    /// Half blocks as patterns of a 1×2 grid.
    static let halves: [Character] = [" ", "▀", "▄", "█"]

    static func characters(_ set: SymbolSet) -> [Character] {
        switch set {
        case .half: halves
        case .quadrant: quadrants
        case .sextant: sextants
        case .octant: octants
        }
    }

    private static func table(bits: Int, first: UInt32, existing: [Int: Character]) -> [Character] {
        var next = first
        return (0..<(1 << bits)).map { mask in
            if let character = existing[mask] { return character }
            defer { next += 1 }
            return Character(Unicode.Scalar(next) ?? " ")
        }
    }
}
