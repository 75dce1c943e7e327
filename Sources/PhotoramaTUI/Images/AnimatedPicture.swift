import PhotoramaImages

/// An animated picture drawn frame by frame for a screen that redraws it (cells, sixel, iTerm2): every
/// frame of `request`'s picture, drawn as the request asks, and when each shows. kitty plays its
/// animations itself and never gets one (its picture carries the frames, `KittyGraphics.animation`).
public struct AnimatedPicture: Hashable, Sendable {
    public let request: ImageRequest
    /// At least two frames; the first is the picture `.imageLoaded` brings.
    public let frames: [Picture]
    public let clock: AnimationClock

    public init(request: ImageRequest, frames: [Picture], clock: AnimationClock) {
        self.request = request
        self.frames = frames
        self.clock = clock
    }
}
