import PhotoramaLocking

/// Whether the screen's last frame found the link slow (`DrainRate`), shared with the picture maker: while
/// it is, kitty pictures are made with their first look (`KittyPreview`) off the UI thread, so a new
/// screen's previews do not wait for the UI thread to make them after the key. Set by the screen only.
public final class SlowLinkSignal: Sendable {
    private let slow = Locked(false)

    public init() {}

    public var isSlow: Bool { slow.withLock { $0 } }

    func set(_ value: Bool) {
        slow.withLock { $0 = value }
    }
}
