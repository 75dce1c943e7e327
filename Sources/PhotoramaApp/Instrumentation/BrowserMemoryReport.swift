import CMalloc
import Foundation
import PhotoramaStore
import PhotoramaTUI

/// For `photorama-bench soak` (hidden `--memory-report PATH`): every 10 s a line of where the browser's
/// memory is, so growth can be told apart: resident (VmRSS, RssAnon), what malloc has handed out and holds
/// free, what SQLite holds (inside malloc's use), and how many photos the feeds and the back stack keep.
struct BrowserMemoryReport: BrowserObserver {
    static let interval: Duration = .seconds(10)
    let path: String
    private var next = ContinuousClock.now + Self.interval
    private let start = ContinuousClock.now

    init(path: String) {
        self.path = path
        try? Self.header.write(toFile: path, atomically: true, encoding: .utf8)
    }

    mutating func turnBegan(_ state: AppState) {
        tick(state)
    }

    static let header = "seconds rss_kb anon_kb malloc_in_use_kb malloc_free_kb malloc_mapped_kb sqlite_kb feed_photos back_stack_photos\n"

    mutating func tick(_ state: AppState) {
        guard ContinuousClock.now >= next else { return }
        next = ContinuousClock.now + Self.interval
        var inUse = 0
        var free = 0
        var mapped = 0
        photorama_malloc_usage(&inUse, &free, &mapped)
        let status = ProcessStatus.kilobytes()
        let feeds = state.feeds.photoCount
        let backStack = state.backStack.reduce(0) { $0 + $1.search.count }
        let line =
            "\((ContinuousClock.now - start).components.seconds) \(status["VmRSS"] ?? 0) \(status["RssAnon"] ?? 0) \(inUse >> 10) \(free >> 10) \(mapped >> 10) \(StoreConnectionSettings.sqliteBytesInUse >> 10) \(feeds) \(backStack)\n"
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
