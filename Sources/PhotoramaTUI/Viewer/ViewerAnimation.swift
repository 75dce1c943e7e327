import PhotoramaImages

/// The viewer's animated GIFs: the frames of the viewer's photo and of its neighbours (prefetched as
/// their pictures are), and the one playing. A playing animation shows the frame its clock
/// (`AnimationClock`) says; it stops when the viewer leaves the photo or closes, and a photo shown again
/// starts from its first frame.
///
/// Time runs on the frames' own schedule: each wake-up (`Effect.wake`) moves the animation to the moment
/// its change was due, not to the moment the wake-up arrived, so a late wake-up on a busy machine delays
/// the frames after it and never skips one. The tests play the runtime's part, sending the wake-ups at
/// the times asked for.
public struct ViewerAnimation: Equatable, Sendable {
    /// Animations kept at most: the viewer's photo and its two neighbours.
    public static let kept = 3

    public private(set) var loaded: [AnimatedPicture] = []
    public private(set) var playing: Playback?

    public struct Playback: Equatable, Sendable {
        public let request: ImageRequest
        /// The frame on screen.
        public fileprivate(set) var index: Int
        /// Time into the animation when that frame came.
        public fileprivate(set) var elapsed: Duration
        /// The wake-up in flight; nil once the last pass has ended (its last frame stays).
        public fileprivate(set) var token: RequestToken?
    }

    public init() {}

    /// Keeps the frames of a picture the screen still wants; others are dropped (the viewer moved on).
    mutating func receive(_ animation: AnimatedPicture, wanted: Set<ImageRequest>) {
        guard wanted.contains(animation.request), animation.frames.count > 1 else { return }
        loaded.removeAll { $0.request == animation.request }
        loaded.append(animation)
        if loaded.count > Self.kept { loaded.removeFirst(loaded.count - Self.kept) }
    }

    /// The picture to draw for `request` now: the frame playing, or nil when `request` is not playing.
    public func picture(for request: ImageRequest) -> Picture? {
        guard let playing, playing.request == request, let animation = animation(request),
            animation.frames.indices.contains(playing.index)
        else { return nil }
        return animation.frames[playing.index]
    }

    /// The viewer shows `request` (nil: nothing that may animate): its animation starts from the first frame
    /// when its frames are here and it is not playing already; whatever played before stops. Frames the
    /// screen no longer wants are dropped.
    mutating func show(_ request: ImageRequest?, wanted: Set<ImageRequest>, token: () -> RequestToken) -> [Effect] {
        loaded.removeAll { !wanted.contains($0.request) }
        if let playing, playing.request == request, animation(playing.request) != nil { return [] }
        var effects: [Effect] = []
        if let old = playing?.token { effects.append(.cancel(old)) }
        playing = nil
        guard let request, let animation = animation(request) else { return effects }
        let (index, next) = animation.clock.frame(at: .zero)
        let wake = next.map { _ in token() }
        playing = Playback(request: request, index: index, elapsed: .zero, token: wake)
        if let next, let wake { effects.append(.wake(after: next, token: wake)) }
        return effects
    }

    /// A wake-up: the frame due now, and the next wake-up. nil when `token` is not the playing animation's.
    mutating func woke(_ token: RequestToken, next makeToken: () -> RequestToken) -> [Effect]? {
        guard var playing, playing.token == token else { return nil }
        guard let animation = animation(playing.request), let due = animation.clock.frame(at: playing.elapsed).next else {
            playing.token = nil
            self.playing = playing
            return []
        }
        let (index, next) = animation.clock.frame(at: due)
        playing.index = index
        playing.elapsed = due
        playing.token = next.map { _ in makeToken() }
        self.playing = playing
        guard let next, let wake = playing.token else { return [] }
        return [.wake(after: next - due, token: wake)]
    }

    private func animation(_ request: ImageRequest) -> AnimatedPicture? {
        loaded.first { $0.request == request }
    }
}
