import CGIF

/// GIF through giflib's record-by-record API: frames are composited on the logical screen as the file's
/// disposal methods say (transparent pixels keep what was there; the screen starts mid grey, as a PNG's
/// alpha is composited), each finished frame handed to the caller. Bounded for hostile files: the screen
/// within `DecodeLimits.maxDecodedPixels`, at most `maxFrames` frames and `maxFramePixels` decoded pixels in
/// all; past either bound the animation ends at the frames already read.
public enum GIFDecoder {
    public static let maxFrames = 1_000
    /// 400 megapixels of frame data: 10,000 frames of 200×200, or 25 of a full 16-megapixel screen.
    public static let maxFramePixels = 400_000_000

    /// One composited frame and how long it stays (the file's delay; under 20 ms means 100 ms, as browsers
    /// read it, so a zero delay cannot spin).
    public struct Frame: Sendable, Equatable {
        public var image: RGBImage
        public var delay: Duration
    }

    /// The first frame, as a still picture.
    static func firstFrame(_ bytes: Span<UInt8>, limits: DecodeLimits) throws(ImageDecodeError) -> RGBImage {
        var first: RGBImage?
        _ = try read(bytes, limits: limits) { frame in
            first = frame.image
            return false
        }
        guard let first else { throw .corrupt(format: "GIF") }
        return first
    }

    /// Every frame, each given to `frame` as it is finished (return false to stop), and how many times the
    /// animation loops (0: forever; a file without the NETSCAPE2.0 block plays once, which is 1).
    static func read(
        _ bytes: Span<UInt8>, limits: DecodeLimits, frame deliver: (Frame) -> Bool
    ) throws(ImageDecodeError) -> Int {
        try bytes.withUnsafeBufferPointer { buffer throws(ImageDecodeError) in
            var source = MemorySource(base: buffer.baseAddress, count: buffer.count, offset: 0)
            return try withUnsafeMutablePointer(to: &source) { pointer throws(ImageDecodeError) in
                var error: Int32 = 0
                guard let file = DGifOpen(pointer, MemorySource.read, &error) else { throw .corrupt(format: "GIF") }
                defer { DGifCloseFile(file, &error) }
                var reader = try Reader(file: file, limits: limits)
                return try reader.frames(deliver)
            }
        }
    }

    // MARK: - Reading from memory
    struct MemorySource {
        var base: UnsafePointer<UInt8>?
        var count: Int
        var offset: Int

        /// giflib's InputFunc: copies up to `length` bytes, fewer at the end (giflib then reports a read error).
        static let read: InputFunc = { file, destination, length in
            guard let file, let destination, length > 0,
                let source = file.pointee.UserData?.assumingMemoryBound(to: MemorySource.self), let base = source.pointee.base
            else { return 0 }
            let available = min(Int(length), source.pointee.count - source.pointee.offset)
            guard available > 0 else { return 0 }
            destination.update(from: base + source.pointee.offset, count: available)
            source.pointee.offset += available
            return Int32(available)
        }
    }

    // MARK: - Compositing
    struct Reader {
        let file: UnsafeMutablePointer<GifFileType>
        let width: Int
        let height: Int
        var canvas: [UInt8]
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        var loops = 1
        var count = 0
        var decodedPixels = 0

        init(file: UnsafeMutablePointer<GifFileType>, limits: DecodeLimits) throws(ImageDecodeError) {
            self.file = file
            width = Int(file.pointee.SWidth)
            height = Int(file.pointee.SHeight)
            guard width > 0, height > 0 else { throw .noPixels }
            guard width * height <= limits.maxSourcePixels, width * height <= limits.maxDecodedPixels else {
                throw .tooLarge(width: width, height: height)
            }
            canvas = [UInt8](repeating: 128, count: width * height * 3)
        }

        mutating func frames(_ deliver: (Frame) -> Bool) throws(ImageDecodeError) -> Int {
            var record = UNDEFINED_RECORD_TYPE
            while count < GIFDecoder.maxFrames {
                guard DGifGetRecordType(file, &record) == GIF_OK else { return try ended() }
                switch record {
                case IMAGE_DESC_RECORD_TYPE:
                    guard DGifGetImageDesc(file) == GIF_OK else { return try ended() }
                    guard let image = try frame() else { return try ended() }
                    count += 1
                    if !deliver(image) { return loops }
                    control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
                case EXTENSION_RECORD_TYPE:
                    guard extensionBlock() else { return try ended() }
                case TERMINATE_RECORD_TYPE:
                    return try ended()
                default:
                    return try ended()
                }
                if decodedPixels > GIFDecoder.maxFramePixels { return loops }
            }
            return loops
        }

        /// A file that stops (truncated, or a broken record) keeps the frames read so far; with none, it is corrupt.
        func ended() throws(ImageDecodeError) -> Int {
            guard count > 0 else { throw .corrupt(format: "GIF") }
            return loops
        }

        /// Reads an extension: the graphics control block for the next frame, NETSCAPE2.0's loop count.
        mutating func extensionBlock() -> Bool {
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetExtension(file, &code, &block) == GIF_OK else { return false }
            var first = true
            var netscape = false
            while let data = block {
                let length = Int(data.pointee)
                if code == GRAPHICS_EXT_FUNC_CODE, first, length >= 4 {
                    DGifExtensionToGCB(length, data + 1, &control)
                } else if code == APPLICATION_EXT_FUNC_CODE, first, length == 11 {
                    netscape = (0..<11).map { data[1 + $0] } == Array("NETSCAPE2.0".utf8)
                } else if netscape, !first, length >= 3, data[1] == 1 {
                    loops = Int(data[2]) | Int(data[3]) << 8
                }
                first = false
                guard DGifGetExtensionNext(file, &block) == GIF_OK else { return false }
            }
            return true
        }

        /// Decodes the current image onto the canvas and returns the composited frame; nil when its data is bad.
        mutating func frame() throws(ImageDecodeError) -> Frame? {
            let descriptor = file.pointee.Image
            let left = Int(descriptor.Left)
            let top = Int(descriptor.Top)
            let frameWidth = Int(descriptor.Width)
            let frameHeight = Int(descriptor.Height)
            guard frameWidth > 0, frameHeight > 0, frameWidth <= 65_535, frameHeight <= 65_535 else { return nil }
            decodedPixels += frameWidth * frameHeight
            guard let colours = descriptor.ColorMap ?? file.pointee.SColorMap, let palette = colours.pointee.Colors else { return nil }
            let paletteCount = Int(colours.pointee.ColorCount)
            let transparent = Int(control.TransparentColor)
            let previous = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            var line = [GifPixelType](repeating: 0, count: frameWidth)
            for row in Self.rowOrder(height: frameHeight, interlaced: descriptor.Interlace) {
                let read = line.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32(frameWidth)) }
                guard read == GIF_OK else { return nil }
                let y = top + row
                guard y >= 0, y < height else { continue }
                for x in 0..<frameWidth where left + x < width {
                    let index = Int(line[x])
                    guard index != transparent, index < paletteCount else { continue }
                    let colour = palette[index]
                    let offset = (y * width + left + x) * 3
                    canvas[offset] = colour.Red
                    canvas[offset + 1] = colour.Green
                    canvas[offset + 2] = colour.Blue
                }
            }
            let shown = Frame(
                image: RGBImage(width: width, height: height, pixels: canvas),
                delay: control.DelayTime < 2 ? .milliseconds(100) : .milliseconds(Int(control.DelayTime) * 10))
            // What the next frame starts from.
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in max(0, top)..<min(height, top + frameHeight) {
                    for x in max(0, left)..<min(width, left + frameWidth) {
                        let offset = (y * width + x) * 3
                        canvas[offset] = 128
                        canvas[offset + 1] = 128
                        canvas[offset + 2] = 128
                    }
                }
            case DISPOSE_PREVIOUS:
                if let previous { canvas = previous }
            default:
                break
            }
            return shown
        }

        /// The rows in the order the file stores them: straight, or GIF's four interlace passes.
        static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
            guard interlaced else { return Array(0..<height) }
            return Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
                + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
        }
    }
}
