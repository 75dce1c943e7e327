import Foundation
import PhotoramaKit
import PhotoramaStore

/// `photorama cache`: where the cache is, how big, how many entries; `clear` empties it.
package enum CacheReport {
    package static func run(clear: Bool) throws {
        let notices = CacheNotices()
        let cache: SQLiteResponseCache
        do {
            // The bound is the config file's cache_size (or the default), as the browser uses it.
            cache = try SQLiteResponseCache(
                folder: CacheFolder(path: CacheFolder.defaultPath(environment: ProcessInfo.processInfo.environment)),
                maxBytes: Int64(ConfigContext.settings().cacheSize.value), notice: { notices.post($0) })
        } catch {
            notices.flushToStandardError()
            throw CommandFailure(error.message, status: 1)
        }
        notices.flushToStandardError()
        if clear {
            do { try cache.clear() } catch { throw CommandFailure(error.message, status: 1) }
            Output.write("Cleared \(cache.folder.path)\n")
            return
        }
        let statistics = cache.statistics()
        Output.write(Self.describe(statistics, path: cache.folder.path, maxBytes: cache.maxBytes))
    }

    static func describe(_ statistics: CacheStatistics, path: String, maxBytes: Int64) -> String {
        """
        path:    \(path)
        size:    \(bytes(statistics.bytes)) of \(bytes(maxBytes))
        answers: \(statistics.answers)
        images:  \(statistics.images)

        """
    }

    static func bytes(_ count: Int64) -> String {
        if count < 1024 { return "\(count) B" }
        if count < 1 << 20 { return String(format: "%.1f KB", Double(count) / 1024) }
        return String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
