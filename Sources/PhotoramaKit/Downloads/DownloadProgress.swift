/// How far one download has come, as values for a status line or a progress bar.
public struct DownloadProgress: Sendable, Equatable {
    /// Bytes on disk so far, including those of an earlier attempt that was resumed.
    public var bytes: Int64
    /// The whole size when the server said it.
    public var total: Int64?
    /// Bytes a second over this attempt so far.
    public var bytesPerSecond: Double

    public init(bytes: Int64, total: Int64?, bytesPerSecond: Double) {
        self.bytes = bytes
        self.total = total
        self.bytesPerSecond = bytesPerSecond
    }

    /// 0…100, when the total is known.
    public var percent: Int? {
        guard let total, total > 0 else { return nil }
        return Int(min(100, bytes * 100 / total))
    }

    /// "42% 3.1/7.4 MB 12.5 MB/s", or "3.1 MB 12.5 MB/s" without a total (decimal megabytes, as
    /// download tools show them).
    public var text: String {
        let rate = Self.megabytes(Int64(bytesPerSecond.isFinite ? max(0, bytesPerSecond) : 0)) + " MB/s"
        if let total, let percent {
            return "\(percent)% \(Self.megabytes(bytes))/\(Self.megabytes(total)) MB \(rate)"
        }
        return "\(Self.megabytes(bytes)) MB \(rate)"
    }

    /// One decimal: 3_100_000 → "3.1".
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
