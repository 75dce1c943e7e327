import Logging
import PhotoramaText

/// Log lines on stderr through `Console`, so a logged request path or server message is sanitized like
/// every other line the program prints (`serve` is the one command that logs).
public struct ConsoleLogHandler: LogHandler {
    public var logLevel: Logger.Level = .warning
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        Console.errorLine(Self.line(event, label: label, metadata: metadata))
    }

    /// "warning demo-server: message key=value", metadata sorted by key.
    static func line(_ event: LogEvent, label: String, metadata: Logger.Metadata) -> String {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let pairs = merged.keys.sorted().map { "\($0)=\(merged[$0].map { "\($0)" } ?? "")" }
        return ([event.level.rawValue, "\(label):", "\(event.message)"] + pairs).joined(separator: " ")
    }
}
