import DequeModule
import Foundation

/// One HTTP exchange as the network log shows it. The URL is redacted before it gets here.
public struct RequestLogEntry: Sendable, Equatable {
    public var date: Date
    public var method: HTTPMethod
    public var url: String
    /// nil when no response arrived (offline, timeout, cancelled).
    public var status: Int?
    /// content-type, content-length and retry-after, when the response had them.
    public var headers: [String: String]
    public var bytes: Int
    public var duration: Duration
    /// The short error message, if the exchange failed.
    public var error: String?

    public init(
        date: Date, method: HTTPMethod, url: String, status: Int?, headers: [String: String], bytes: Int,
        duration: Duration, error: String?
    ) {
        self.date = date
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.bytes = bytes
        self.duration = duration
        self.error = error
    }

    /// One line for a log file: `2026-11-22T02:03:04Z GET 200 1234 B 12 ms https://… content-type=…`.
    public var line: String {
        var parts = [
            Self.timestamp(date), method.rawValue, status.map(String.init) ?? "---", "\(bytes) B",
            PhotoramaError.milliseconds(duration), url,
        ]
        for key in headers.keys.sorted() { parts.append("\(key)=\(headers[key] ?? "")") }
        if let error { parts.append("error=\"\(error)\"") }
        return parts.joined(separator: " ")
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension PhotoramaError {
    static func milliseconds(_ duration: Duration) -> String {
        let (s, attos) = duration.components
        return "\(Int(s) * 1000 + Int(attos / 1_000_000_000_000_000)) ms"
    }
}

/// The last `capacity` exchanges in memory (the browser shows them), optionally appended to a file.
/// Nothing is ever written to the terminal: the full-screen UI owns it.
public actor RequestLog {
    public nonisolated let capacity: Int
    private var entries: Deque<RequestLogEntry> = []
    /// How many exchanges were ever recorded: the number of the newest.
    private var recorded = 0
    private var file: FileHandle?
    private let path: String?
    /// Why the log file stopped being written (disk full, file removed…), if it did. The ring goes on.
    public private(set) var fileError: String?

    /// `path`: a file to append one line per exchange to; created if missing. An unwritable path is
    /// reported by `init` throwing, so the command line can say so before the UI starts.
    public init(capacity: Int = 200, path: String? = nil) throws(PhotoramaError) {
        self.capacity = max(1, capacity)
        self.path = path
        if let path {
            let manager = FileManager.default
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil) else {
                    throw .invalidInput("Cannot create log file \(path)")
                }
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw .invalidInput("Cannot write to log file \(path)")
            }
            // The throwing forms: Foundation's older seekToEndOfFile()/write(_:) trap on any I/O error.
            do {
                _ = try handle.seekToEnd()
            } catch {
                throw .invalidInput("Cannot write to log file \(path)")
            }
            file = handle
        } else {
            file = nil
        }
    }

    public func record(_ entry: RequestLogEntry) {
        if entries.count == capacity { entries.removeFirst() }
        entries.append(entry)
        recorded += 1
        if let file {
            do {
                try file.write(contentsOf: Data((entry.line + "\n").utf8))
            } catch {
                // A failing log must never take the browser down; stop writing and say why once.
                fileError = "Cannot write to log file \(path ?? "")"
                self.file = nil
            }
        }
    }

    /// Oldest first. An empty log gives a literal `[]`: copying an empty Deque writes a count of 0 into
    /// the standard library's shared empty-array storage, which ThreadSanitizer reports as a race with
    /// every other thread making an array (a benign write of 0 over 0, but it hid nothing else).
    public func snapshot() -> [RequestLogEntry] { entries.isEmpty ? [] : Array(entries) }

    /// The exchanges numbered after `sequence` that the ring still holds, oldest first, and the number of
    /// the newest. The browser takes only what is new after each load: copying the whole ring after every
    /// load was a large share of the soak's heap churn (docs/PERFORMANCE.md).
    public func entries(after sequence: Int) -> (entries: [RequestLogEntry], sequence: Int) {
        let newer = min(max(0, recorded - sequence), entries.count)
        return (newer == 0 ? [] : Array(entries.suffix(newer)), recorded)
    }

    public var count: Int { entries.count }
}
