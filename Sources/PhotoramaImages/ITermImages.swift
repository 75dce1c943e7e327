/// iTerm2's inline images (also WezTerm, VS Code's terminal, mintty): `OSC 1337 ; File=… : BASE64 ST`.
/// Width and height are plain numbers, which the protocol reads as cells, so the terminal fills exactly the cells the picture was fitted to; the
/// file is a JPEG of the pixels those cells need (never the original photo).
/// https://iterm2.com/documentation-images.html
public enum ITermImages {
    /// ESC ] 1337 ; File=inline=1;width=N;height=M;preserveAspectRatio=1;size=BYTES : base64 ESC \ (ST, which every terminal that speaks it ends
    /// an OSC with; BEL would ring a bell on one that does not).
    public static func inline(_ file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let encoded = Base64.encode(file)
        var out: [UInt8] = []
        let header = "\u{1B}]1337;File=inline=1;width=\(columns);height=\(rows);preserveAspectRatio=1;size=\(file.count):"
        out.reserveCapacity(header.utf8.count + encoded.count + 2)
        out.append(contentsOf: header.utf8)
        out.append(contentsOf: encoded)
        out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        return out
    }

    /// `image` as a JPEG inside the sequence, over `columns` × `rows` cells.
    public static func encode(_ image: RGBImage, columns: Int, rows: Int) throws(ImageFailure) -> [UInt8] {
        inline(try JPEGEncoding.encode(image), columns: columns, rows: rows)
    }
}
