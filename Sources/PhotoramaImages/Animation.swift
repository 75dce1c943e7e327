/// An animated picture's frames, each scaled to cover what it is drawn in, with their delays and how many
/// times the whole plays (0: forever). A still picture is one frame.
public struct Animation: Sendable, Equatable {
    public var frames: [GIFDecoder.Frame]
    public var loops: Int

    /// Frames kept in memory at most: a long or large animation ends at the frame that reaches it.
    public static let byteBudget = 96 << 20

    /// When each frame shows: the frames' delays and the loops.
    public var clock: AnimationClock { AnimationClock(delays: frames.map(\.delay), loops: loops) }

    /// The total time of one pass.
    public var duration: Duration { clock.duration }

    /// The frame on screen `elapsed` after the start (see `AnimationClock.frame(at:)`).
    public func frame(at elapsed: Duration) -> (index: Int, next: Duration?) { clock.frame(at: elapsed) }
}

/// When each frame of an animation shows: the frames' delays and how many passes play (0: forever). The one
/// clock rule the browser's viewer and `show` follow; it holds no pixels, so the browser's state keeps it.
public struct AnimationClock: Sendable, Hashable {
    public var delays: [Duration]
    public var loops: Int

    public init(delays: [Duration], loops: Int) {
        self.delays = delays
        self.loops = loops
    }

    /// The total time of one pass.
    public var duration: Duration { delays.reduce(.zero, +) }

    /// The frame on screen `elapsed` after the start, and when the next change is due (nil once the last
    /// pass has ended, on its last frame, or for a still picture).
    public func frame(at elapsed: Duration) -> (index: Int, next: Duration?) {
        guard delays.count > 1, duration > .zero else { return (0, nil) }
        let pass = duration
        // Duration / Duration is a Double: at a pass boundary it can fall just short, so the remainder is
        // brought into [0, pass) exactly.
        var passes = Int(elapsed / pass)
        var within = elapsed - pass * passes
        while within >= pass {
            passes += 1
            within -= pass
        }
        while within < .zero {
            passes -= 1
            within += pass
        }
        if loops > 0, passes >= loops { return (delays.count - 1, nil) }
        for (index, delay) in delays.enumerated() {
            if within < delay { return (index, elapsed + (delay - within)) }
            within -= delay
        }
        return (delays.count - 1, nil)
    }
}

extension ImageDecoder {
    /// Every frame of a GIF, each scaled (area average) to the smallest size that still covers `target`
    /// when the screen is larger; any other picture as one frame. Bounded by `Animation.byteBudget` as well
    /// as GIFDecoder's own limits, or by `byteBudget` when smaller (the browser keeps less).
    public static func animation(
        _ bytes: [UInt8], covering target: PixelSize? = nil, limits: DecodeLimits = .standard, colour: ColourTransforms? = nil,
        byteBudget: Int = Animation.byteBudget
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
            guard frames.isEmpty || bytesKept <= min(byteBudget, Animation.byteBudget) else { return false }
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
