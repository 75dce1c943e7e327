import CGIF

/// Writes GIFs in memory with giflib's encoder: the demo's animated originals, and the tests' hostile
/// animations (zero delays, huge screens, many frames). Empty when giflib refuses what it was given.
public enum GIFWriter {
    /// One frame: palette indices for its rectangle, row by row.
    public struct Frame: Sendable {
        public var left = 0
        public var top = 0
        public var width: Int
        public var height: Int
        public var indices: [UInt8]
        /// Hundredths of a second.
        public var delay = 10
        public var transparent: Int?
        /// 0 unspecified, 1 keep, 2 background, 3 previous.
        public var disposal = 0

        public init(
            left: Int = 0, top: Int = 0, width: Int, height: Int, indices: [UInt8], delay: Int = 10, transparent: Int? = nil,
            disposal: Int = 0
        ) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.indices = indices
            self.delay = delay
            self.transparent = transparent
            self.disposal = disposal
        }
    }

    /// A GIF89a of a `width`×`height` screen with `palette` (2…256 colours, a power of two), the frames in
    /// order and, when `loops` is given, NETSCAPE2.0's loop count (0: forever).
    public static func encode(
        width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], frames: [Frame], loops: Int? = 0
    ) -> [UInt8] {
        var output: [UInt8] = []
        var error: Int32 = 0
        let written: Bool = withUnsafeMutablePointer(to: &output) { sink in
            guard let file = EGifOpen(sink, append, &error) else { return false }
            var closed = false
            defer { if !closed { EGifCloseFile(file, &error) } }
            EGifSetGifVersion(file, true)
            let colours = palette.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
            guard let map = GifMakeMapObject(Int32(colours.count), colours) else { return false }
            defer { GifFreeMapObject(map) }
            guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map) == GIF_OK else { return false }
            if let loops {
                var application = Array("NETSCAPE2.0".utf8)
                var count: [UInt8] = [1, UInt8(loops & 0xFF), UInt8(loops >> 8 & 0xFF)]
                guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
                    EGifPutExtensionBlock(file, Int32(application.count), &application) == GIF_OK,
                    EGifPutExtensionBlock(file, Int32(count.count), &count) == GIF_OK,
                    EGifPutExtensionTrailer(file) == GIF_OK
                else { return false }
            }
            for frame in frames {
                var control = GraphicsControlBlock(
                    DisposalMode: Int32(frame.disposal), UserInputFlag: false, DelayTime: Int32(frame.delay),
                    TransparentColor: Int32(frame.transparent ?? -1))
                var extensionBytes = [GifByteType](repeating: 0, count: 4)
                let length = EGifGCBToExtension(&control, &extensionBytes)
                guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes) == GIF_OK,
                    EGifPutImageDesc(file, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height), false, nil)
                        == GIF_OK
                else { return false }
                var indices = frame.indices
                for row in 0..<frame.height {
                    let status = indices.withUnsafeMutableBufferPointer {
                        EGifPutLine(file, $0.baseAddress.map { $0 + row * frame.width }, Int32(frame.width))
                    }
                    guard status == GIF_OK else { return false }
                }
            }
            closed = true
            return EGifCloseFile(file, &error) == GIF_OK
        }
        return written ? output : []
    }

    /// giflib's OutputFunc: appends to the array UserData points to.
    private static let append: OutputFunc = { file, bytes, length in
        guard let file, let bytes, length > 0, let sink = file.pointee.UserData?.assumingMemoryBound(to: [UInt8].self) else {
            return 0
        }
        sink.pointee.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        return length
    }
}
