import Foundation
import PhotoramaLocking
import PhotoramaText

/// Where the cache's one-line notices go (rebuilt, turned off, unavailable): stderr until the browser
/// attaches its status line, which then also gets the lines that came before it.
final class CacheNotices: Sendable {
    private let state = Locked<(pending: [String], sink: (@Sendable (String) -> Void)?)>(([], nil))

    func post(_ line: String) {
        let sink = state.withLock { state -> (@Sendable (String) -> Void)? in
            if state.sink == nil { state.pending.append(line) }
            return state.sink
        }
        sink?(line)
    }

    /// Sends every pending line and every later one to `sink`.
    func attach(_ sink: @escaping @Sendable (String) -> Void) {
        let pending = state.withLock { state -> [String] in
            state.sink = sink
            defer { state.pending = [] }
            return state.pending
        }
        for line in pending { sink(line) }
    }

    /// Writes the pending lines to stderr (commands without a screen).
    func flushToStandardError() {
        attach { line in Console.errorLine(line) }
    }
}
