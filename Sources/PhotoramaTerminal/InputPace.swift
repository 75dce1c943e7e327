/// How the user's keys come, decided where input is read (issue 42, points 4 and 5): resting (no input for
/// `restDelay`), or in a held burst (input came while not resting, as a held key repeats). A burst lasts
/// until input comes again after a rest, so the final page of a hold counts as in it.
///
/// Frames drawn during a burst send no slow link's first look: the pages of a hold are left before their
/// pictures are made, and the final page's previews (about a quarter of its bytes, sent again in full once
/// the user rests) do not fit in the 1.5 s within which it must be whole. A single key after a rest still
/// sends its screen's first look.
struct InputPace {
    /// No input for this long is a rest: a slow link's previews are then replaced by the full pictures.
    static let restDelay = Duration.milliseconds(250)

    private var lastInput: ContinuousClock.Instant?
    /// A read of input found none, `restDelay` or more after the last: the user rests (cleared by input).
    /// Decided where input is read, not when a frame is drawn: frames that take long to draw (a debug build
    /// on a busy machine took 0.2-0.6 s each) must not make a held key look like a rest.
    private(set) var resting = true
    /// The last input came while the user was not resting.
    private(set) var inBurst = false

    /// A read of input at `now` that found `input` or not.
    mutating func read(input: Bool, at now: ContinuousClock.Instant) {
        if input {
            inBurst = !resting
            lastInput = now
            resting = false
        } else if let lastInput, now - lastInput >= Self.restDelay {
            resting = true
        }
    }

    /// Whether a frame drawn now sends a slow link's first look: the link is slow and no burst is on.
    func previews(slowLink: Bool) -> Bool {
        slowLink && !inBurst
    }
}
