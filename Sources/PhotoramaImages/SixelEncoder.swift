import CSixel

/// Why pixels could not become sixel data. libsixel's status codes become these values; libsixel is
/// never asked to print anything.
public enum SixelEncodeError: Error, Equatable, Sendable {
    /// A 0×0 image: there is nothing to encode.
    case noPixels
    /// libsixel could not be opened (it is loaded at the first sixel, not linked).
    case unavailable
    /// libsixel refused, with its status code (SIXELSTATUS) and a short reading of it.
    case library(status: Int32, what: String)

    public var message: String {
        switch self {
        case .noPixels: "image has no pixels"
        case .unavailable: "sixel encoder: libsixel.so.1 could not be loaded"
        case .library(_, let what): "sixel encoder: \(what)"
        }
    }

    init(status: SIXELSTATUS) {
        // Our own words instead of sixel_helper_format_error, whose extra message lives in a global buffer.
        let what =
            switch status {
            case SIXEL_BAD_ALLOCATION: "out of memory"
            case SIXEL_BAD_ARGUMENT: "bad argument"
            case SIXEL_BAD_INPUT: "bad input"
            case SIXEL_BAD_INTEGER_OVERFLOW: "image too large"
            default: "error \(status)"
            }
        self = .library(status: status, what: what)
    }
}

/// Pixels to a complete sixel sequence (DCS q … ST, 7-bit): a palette made for the picture (`SixelPalette`,
/// up to the colour registers the terminal has), each pixel an entry of it, written by libsixel. The image
/// is expected at its display size already; this does not scale.
public enum SixelEncoder {
    /// libsixel's functions, opened at the first encoding (see photorama_sixel_open); nil if it cannot be.
    private static let library: SixelLibrary? = {
        var functions = photorama_sixel()
        return photorama_sixel_open(&functions) == 0 ? SixelLibrary(functions: functions) : nil
    }()

    /// The most colours a palette has (`SixelPalette.maximumColors`): what a terminal that does not say gets.
    public static let maximumColors = SixelPalette.maximumColors

    /// `colors`: the terminal's colour registers (256 when it does not say); at most 256 are used.
    public static func encode(_ image: RGBImage, colors: Int = maximumColors) throws(SixelEncodeError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .noPixels }
        guard let sixel = library?.functions else { throw .unavailable }
        let sink = ByteSink()
        sink.bytes.reserveCapacity(image.width * image.height / 2)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }

        var output: OpaquePointer?
        try check(
            sixel.output_new(
                &output,
                { data, size, context in
                    guard let data, let context, size > 0 else { return 0 }
                    let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
                    data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
                    }
                    return size
                }, box.toOpaque(), nil))
        defer { sixel.output_unref(output) }
        // The smaller sequence for the same pixels (each band starts filled with one colour): a fifth fewer
        // bytes on the demo's scenes, 5 % on a photograph, for bytes that cross a slow link (issue 42).
        sixel.output_set_encode_policy(output, SIXEL_ENCODEPOLICY_SIZE)

        // libsixel 1.10 puts an image shorter than one band of six rows one band too low (it writes a
        // '-' first), so such an image is padded to six rows by repeating its last row.
        var padded = image
        if image.height < 6 {
            let lastRow = Array(image.pixels.suffix(image.width * 3))
            var pixels = image.pixels
            for _ in image.height..<6 { pixels += lastRow }
            padded = RGBImage(width: image.width, height: 6, pixels: pixels)
        }
        let palette = SixelPalette(padded, colors: colors)
        var dither: OpaquePointer?
        try check(sixel.dither_new(&dither, Int32(palette.count), nil))
        defer { sixel.dither_unref(dither) }
        // Indexed pixels (PAL8): libsixel takes the entries as they are and only writes the sequence.
        var entries = palette.colors
        entries.withUnsafeMutableBufferPointer { sixel.dither_set_palette(dither, $0.baseAddress) }
        sixel.dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_PAL8)
        var indices = palette.indices
        try indices.withUnsafeMutableBufferPointer { (buffer) throws(SixelEncodeError) in
            try check(sixel.encode(buffer.baseAddress, Int32(padded.width), Int32(padded.height), 1, dither, output))
        }
        return sink.bytes
    }

    private static func check(_ status: SIXELSTATUS) throws(SixelEncodeError) {
        if photorama_sixel_failed(status) != 0 { throw SixelEncodeError(status: status) }
    }
}

/// The opened library's function table; its pointers never change once filled.
private struct SixelLibrary: @unchecked Sendable {
    let functions: photorama_sixel
}

/// Where libsixel's write callback appends. Lives only for one `encode` call, on one thread.
private final class ByteSink {
    var bytes: [UInt8] = []
}
