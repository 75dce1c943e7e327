/// How fast the terminal takes our bytes, measured from the writes, never configured (issue 42, point 5).
/// Only a wait that began with the terminal's buffer full and ended with it full again counts: the bytes
/// written in between are exactly what the terminal drained meanwhile. A terminal that keeps up never
/// fills its buffer, so a fast or local link is never measured and never counts as slow.
struct DrainRate {
    /// Below this a screen of thumbnails (1.6 MB in kitty at 200×60) takes more than 0.4 s: 32 Mbit/s.
    static let slowBytesPerSecond = 4_000_000.0
    /// Bytes a measurement needs before it is believed (the kernel's pty buffer holds about this much).
    static let sampleBytes = 65_536

    /// The last measurement, bytes a second; nil until the terminal has once been behind long enough.
    private(set) var bytesPerSecond: Double?
    private var bytes = 0
    private var elapsed: Duration = .zero

    /// Whether the last measurement says the link is slow.
    var isSlow: Bool { bytesPerSecond.map { $0 < Self.slowBytesPerSecond } ?? false }

    /// The terminal, full at the start of a wait of `waited`, took `written` bytes after it (perhaps none:
    /// a link passes bytes in bursts, and the waits between count) and is full again.
    mutating func drained(_ written: Int, in waited: Duration) {
        guard written >= 0, waited > .zero else { return }
        bytes += written
        elapsed += waited
        guard bytes >= Self.sampleBytes else { return }
        bytesPerSecond = Double(bytes) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        bytes = 0
        elapsed = .zero
    }
}
