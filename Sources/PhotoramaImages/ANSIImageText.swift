/// Cells as terminal text: SGR colour sequences and characters, one line a row, each ending in a reset.
/// What `photorama show` prints. Built into a byte buffer, changing colours only when they change.
public enum ANSIImageText {
    public static func text(_ image: CellImage) -> String {
        String(decoding: bytes(image), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, for writing straight out.
    public static func bytes(_ image: CellImage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.columns * image.rows * 24)
        for row in 0..<image.rows {
            var foreground: CellColor?
            var background: CellColor?
            for column in 0..<image.columns {
                let cell = image[row, column]
                if cell.foreground != foreground {
                    append(cell.foreground, background: false, to: &out)
                    foreground = cell.foreground
                }
                if cell.background != background {
                    append(cell.background, background: true, to: &out)
                    background = cell.background
                }
                out.append(contentsOf: cell.character.utf8)
            }
            out.append(contentsOf: "\u{1B}[0m\n".utf8)
        }
        return out
    }

    private static func append(_ color: CellColor, background: Bool, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        switch color {
        case .none:
            number(background ? 49 : 39, to: &out)
        case .indexed(let index) where index < 8:
            number((background ? 40 : 30) + Int(index), to: &out)
        case .indexed(let index) where index < 16:
            number((background ? 100 : 90) + Int(index) - 8, to: &out)
        case .indexed(let index):
            number(background ? 48 : 38, to: &out)
            out.append(contentsOf: ";5;".utf8)
            number(Int(index), to: &out)
        case .rgb(let r, let g, let b):
            number(background ? 48 : 38, to: &out)
            out.append(contentsOf: ";2;".utf8)
            number(Int(r), to: &out)
            out.append(UInt8(ascii: ";"))
            number(Int(g), to: &out)
            out.append(UInt8(ascii: ";"))
            number(Int(b), to: &out)
        }
        out.append(UInt8(ascii: "m"))
    }

    private static func number(_ value: Int, to out: inout [UInt8]) {
        if value >= 100 { out.append(UInt8(ascii: "0") + UInt8(value / 100)) }
        if value >= 10 { out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
