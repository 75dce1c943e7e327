/// An animated picture's frames, each scaled to cover what it is drawn in, with their delays and how many
/// times the whole plays (0: forever). A still picture is one frame.
public struct Animation: Sendable, Equatable {
    public var frames: [GIFDecoder.Frame]
    public var loops: Int

    /// Frames kept in memory at most: a long or large animation ends at the frame that reaches it.
    public static let byteBudget = 96 << 20

    /// The total time of one pass.
    public var duration: Duration { frames.reduce(.zero) { $0 + $1.delay } }

    /// The frame on screen `elapsed` after the start, and when the next change is due (nil once the last
    /// pass has ended or for a still picture): the one clock rule the viewer and `show` follow.
    public func frame(at elapsed: Duration) -> (index: Int, next: Duration?) {
        guard frames.count > 1, duration > .zero else { return (0, nil) }
        let pass = duration
        let passes = Int(elapsed / pass)
        if loops > 0, passes >= loops { return (frames.count - 1, nil) }
        var within = elapsed - pass * passes
        for (index, frame) in frames.enumerated() {
            if within < frame.delay { return (index, elapsed + (frame.delay - within)) }
            within -= frame.delay
        }
        return (frames.count - 1, nil)
    }
}

extension ImageDecoder {
    /// Every frame of a GIF, each scaled (area average) to the smallest size that still covers `target`
    /// when the screen is larger; any other picture as one frame. Bounded by `Animation.byteBudget` as well
    /// as GIFDecoder's own limits.
    public static func animation(
        _ bytes: [UInt8], covering target: PixelSize? = nil, limits: DecodeLimits = .standard, colour: ColourTransforms? = nil
    ) throws(ImageDecodeError) -> Animation {
        let span = bytes.span
        guard ImageFormat.sniff(span) == .gif else {
            let still = try decode(span, covering: target, limits: limits, colour: colour)
            return Animation(frames: [GIFDecoder.Frame(image: still, delay: .zero)], loops: 1)
        }
        var frames: [GIFDecoder.Frame] = []
        var bytesKept = 0
        let loops = try GIFDecoder.read(span, limits: limits) { frame in
            var frame = frame
            if let target { frame.image = covering(frame.image, target) }
            bytesKept += frame.image.byteCount
            guard frames.isEmpty || bytesKept <= Animation.byteBudget else { return false }
            frames.append(frame)
            return true
        }
        return Animation(frames: frames, loops: loops)
    }

    /// `image` scaled down, aspect kept, to the smallest size that covers `target` in both dimensions.
    static func covering(_ image: RGBImage, _ target: PixelSize) -> RGBImage {
        guard target.width > 0, target.height > 0 else { return image }
        let scale = max(Double(target.width) / Double(image.width), Double(target.height) / Double(image.height))
        guard scale < 1 else { return image }
        let size = PixelSize(
            width: max(1, Int((Double(image.width) * scale).rounded(.up))), height: max(1, Int((Double(image.height) * scale).rounded(.up)))
        )
        return Resampler.areaAverage(image, to: size)
    }
}
