/// How long one request may take in total and how big its body may be.
/// The deadline covers the whole exchange (connect, head and every body byte), not just idle time,
/// so a server that drips one byte a second still fails at the deadline.
public struct LoadLimits: Sendable, Equatable {
    public var deadline: Duration
    public var maxBodyBytes: Int

    public init(deadline: Duration, maxBodyBytes: Int) {
        self.deadline = deadline
        self.maxBodyBytes = maxBodyBytes
    }

    /// JSON API calls: 15 s, 16 MiB.
    public static let api = LoadLimits(deadline: .seconds(15), maxBodyBytes: 16 << 20)
    /// Images: 30 s, 64 MiB.
    public static let image = LoadLimits(deadline: .seconds(30), maxBodyBytes: 64 << 20)
}
