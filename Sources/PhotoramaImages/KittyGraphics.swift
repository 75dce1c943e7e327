/// Byte builders for the kitty graphics protocol (APC G … ST). Pure: each returns the bytes to write.
/// Pixels travel as a PNG of the exact pixels (f=100: lossless, and for photos about half of raw RGB and
/// a fifth less than zlib over the raw pixels, `o=z`), raw 24-bit RGB (f=24) only if libpng fails; base64
/// in chunks of at most 4096 bytes, `m=1` on every chunk but the last. Every command carries q=2 so the
/// terminal never answers into our input.
/// https://sw.kovidgoyal.net/kitty/graphics-protocol/
public enum KittyGraphics {
    /// The most base64 bytes one escape sequence may carry.
    public static let chunkLimit = 4096

    /// Stores `image` in the terminal under `id` (a=t), without showing it.
    public static func transmit(id: UInt32, image: RGBImage) -> [UInt8] {
        pixels(image) { "a=t,\($0),i=\(id),q=2" }
    }

    /// Stores and shows `image` at the cursor in one go (a=T), scaled to `columns` × `rows` cells, and
    /// moves the cursor past it as text would: what `photorama show` writes.
    public static func transmitAndDisplay(image: RGBImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        pixels(image) { "a=T,\($0),i=\(id),c=\(columns),r=\(rows),q=2" }
    }

    /// Stores `image` under `id` (a=t) from the raw RGB already written to `name` (a shared-memory object
    /// or a temporary file, as `medium` says): the sequence carries the name, not the pixels, and kitty
    /// removes the object once read. Raw pixels (f=24): nothing to encode or decode on this machine.
    public static func transmitLocal(id: UInt32, size: PixelSize, medium: KittyMedium, name: String) -> [UInt8] {
        command(
            "a=t,t=\(medium.rawValue),f=24,s=\(size.width),v=\(size.height),S=\(size.width * size.height * 3),i=\(id),q=2",
            payload: Base64.encode(Array(name.utf8))[...])
    }

    /// `transmitLocal`, shown at the cursor over `columns` × `rows` cells at once (a=T): `show` on this machine.
    public static func transmitLocalAndDisplay(
        id: UInt32, size: PixelSize, medium: KittyMedium, name: String, columns: Int, rows: Int
    ) -> [UInt8] {
        command(
            "a=T,t=\(medium.rawValue),f=24,s=\(size.width),v=\(size.height),S=\(size.width * size.height * 3),i=\(id),"
                + "c=\(columns),r=\(rows),q=2",
            payload: Base64.encode(Array(name.utf8))[...])
    }

    /// The probe's question whether kitty can read pixels by name through `medium` (a=q: loaded, answered,
    /// not stored): one RGB pixel (3 bytes) already written to `name`. kitty answers `i=ID;OK` or an error.
    public static func mediumQuery(id: UInt32, medium: KittyMedium, name: String) -> [UInt8] {
        command("a=q,i=\(id),t=\(medium.rawValue),f=24,s=1,v=1", payload: Base64.encode(Array(name.utf8))[...])
    }

    /// An animation stored under `id` for the terminal to play (kitty's "Animation", 0.20 and later): the
    /// first frame is the image (a=t), each later frame is added with a=f and its gap (z=, milliseconds),
    /// the first frame's gap is set with a=a r=1, then a=a s=3 runs it. kitty's v= counts passes plus one
    /// (v=1 forever, v=3 two passes): `loops` passes (0: forever) is v=loops+1. Placed like any image.
    public static func animation(id: UInt32, frames: [(image: RGBImage, delay: Duration)], loops: Int) -> [UInt8] {
        guard let first = frames.first else { return [] }
        var out = transmit(id: id, image: first.image)
        for frame in frames.dropFirst() {
            out += pixels(
                frame.image, continuation: "a=f,"
            ) { "a=f,\($0),i=\(id),z=\(milliseconds(frame.delay)),q=2" }
        }
        out += command("a=a,i=\(id),r=1,z=\(milliseconds(first.delay)),q=2")
        out += command("a=a,i=\(id),s=3,v=\(loops <= 0 ? 1 : loops + 1),q=2")
        return out
    }

    /// A gap in whole milliseconds, at least 1 (kitty ignores z=0).
    static func milliseconds(_ delay: Duration) -> Int {
        max(1, Int(delay.components.seconds) * 1_000 + Int(delay.components.attoseconds / 1_000_000_000_000_000))
    }

    /// Shows the stored image `id` with its top-left corner at `rect`'s, scaled to fill its cells. The
    /// cursor goes there first (1-based CUP) and stays there (C=1). Placing the same id and placement
    /// again replaces the old placement: that is how a picture moves.
    public static func place(id: UInt32, placement: UInt32, at rect: Rect) -> [UInt8] {
        cursor(row: rect.row, column: rect.column)
            + command("a=p,i=\(id),p=\(placement),c=\(rect.width),r=\(rect.height),C=1,q=2")
    }

    /// Removes one placement of `id`; the image stays stored, so placing it again needs no transmission.
    public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(id),p=\(placement),q=2")
    }

    /// Removes every placement of `id` and frees its pixels (d=I).
    public static func deleteImage(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2")
    }

    /// Removes every placement on the screen and frees the images (d=A).
    public static func deleteAll() -> [UInt8] {
        command("a=d,d=A,q=2")
    }

    /// Removes every placement on the screen; the images stay stored (d=a).
    public static func deleteAllPlacements() -> [UInt8] {
        command("a=d,d=a,q=2")
    }

    /// ESC _ G control ; payload ESC \
    static func command(_ control: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        out.append(contentsOf: control.utf8)
        if !payload.isEmpty {
            out.append(UInt8(ascii: ";"))
            out.append(contentsOf: payload)
        }
        out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        return out
    }

    /// `control`: the first chunk's keys around the payload's format keys; `continuation`: keys every chunk
    /// after the first repeats before its m= (a frame's chunks all say a=f).
    /// Stores a PNG made elsewhere under `id` (a=t, f=100): a slow link's palette preview (`KittyPreview`).
    public static func transmit(id: UInt32, png: [UInt8]) -> [UInt8] {
        chunked(("f=100", png)) { "a=t,\($0),i=\(id),q=2" }
    }

    private static func pixels(_ image: RGBImage, continuation: String = "", control: (String) -> String) -> [UInt8] {
        chunked(payload(image), continuation: continuation, control: control)
    }

    /// `payload` in base64 chunks of at most `chunkLimit`, the first with `control` of its format.
    private static func chunked(
        _ payload: (format: String, bytes: [UInt8]), continuation: String = "", control: (String) -> String
    ) -> [UInt8] {
        let control = control(payload.format)
        let encoded = Base64.encode(payload.bytes)
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + (encoded.count / chunkLimit + 1) * 16 + control.utf8.count)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkLimit)
            let more = end < encoded.count ? 1 : 0
            // The keys go with the first chunk only; later ones carry just m=.
            let keys = start == 0 ? "\(control),m=\(more)" : "\(continuation)m=\(more)"
            out.append(contentsOf: command(keys, payload: encoded[start..<end]))
            start = end
        } while start < encoded.count
        return out
    }

    /// The picture's bytes and the keys that say their format: a PNG (f=100, which carries its own size),
    /// or raw RGB with its size (f=24,s=,v=) when libpng cannot make one.
    static func payload(_ image: RGBImage) -> (format: String, bytes: [UInt8]) {
        if let png = PNGEncoder.encode(image) { return ("f=100", png) }
        return ("f=24,s=\(image.width),v=\(image.height)", image.pixels)
    }

    /// CSI row ; column H, 1-based.
    static func cursor(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(max(0, row) + 1);\(max(0, column) + 1)H".utf8)
    }
}

/// Standard base64 with padding, fast enough for a few megabytes of pixels.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        let table = alphabet
        var out = [UInt8](repeating: UInt8(ascii: "="), count: (bytes.count + 2) / 3 * 4)
        bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                var i = 0
                var o = 0
                while i + 3 <= input.count {
                    let value = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    output[o] = table[Int(value >> 18 & 63)]
                    output[o + 1] = table[Int(value >> 12 & 63)]
                    output[o + 2] = table[Int(value >> 6 & 63)]
                    output[o + 3] = table[Int(value & 63)]
                    i += 3
                    o += 4
                }
                let rest = input.count - i
                if rest > 0 {
                    let value = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                    output[o] = table[Int(value >> 18 & 63)]
                    output[o + 1] = table[Int(value >> 12 & 63)]
                    if rest == 2 { output[o + 2] = table[Int(value >> 6 & 63)] }
                }
            }
        }
        return out
    }
}
