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
        // A colour change is composed in `scratch` and appended at once: appended byte by byte, the
        // sequences were a tenth of a small `show`.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SGR.longest) { scratch in
            for row in 0..<image.rows {
                var foreground: CellColor?
                var background: CellColor?
                for column in 0..<image.columns {
                    let cell = image[row, column]
                    if cell.foreground != foreground {
                        let count = SGR.write(cell.foreground, background: false, to: scratch)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
                        foreground = cell.foreground
                    }
                    if cell.background != background {
                        let count = SGR.write(cell.background, background: true, to: scratch)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
                        background = cell.background
                    }
                    out.append(contentsOf: cell.character.utf8)
                }
                out.append(contentsOf: "\u{1B}[0m\n".utf8)
            }
        }
        return out
    }
}

/// One Select Graphic Rendition sequence: a cell colour as the terminal is told it.
enum SGR {
    /// "\e[48;2;255;255;255m"
    static let longest = 19

    /// Writes the sequence setting `color` at the start of `buffer` (`longest` bytes at least); returns
    /// its length.
    static func write(_ color: CellColor, background: Bool, to buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = 0
        func byte(_ value: UInt8) {
            buffer[index] = value
            index += 1
        }
        func number(_ value: Int) {
            if value >= 100 { byte(UInt8(ascii: "0") + UInt8(value / 100)) }
            if value >= 10 { byte(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
            byte(UInt8(ascii: "0") + UInt8(value % 10))
        }
        byte(0x1B)
        byte(UInt8(ascii: "["))
        switch color {
        case .none:
            number(background ? 49 : 39)
        case .indexed(let index) where index < 8:
            number((background ? 40 : 30) + Int(index))
        case .indexed(let index) where index < 16:
            number((background ? 100 : 90) + Int(index) - 8)
        case .indexed(let index):
            number(background ? 48 : 38)
            byte(UInt8(ascii: ";"))
            byte(UInt8(ascii: "5"))
            byte(UInt8(ascii: ";"))
            number(Int(index))
        case .rgb(let r, let g, let b):
            number(background ? 48 : 38)
            byte(UInt8(ascii: ";"))
            byte(UInt8(ascii: "2"))
            byte(UInt8(ascii: ";"))
            number(Int(r))
            byte(UInt8(ascii: ";"))
            number(Int(g))
            byte(UInt8(ascii: ";"))
            number(Int(b))
        }
        byte(UInt8(ascii: "m"))
        return index
    }
}
