import GRDB
import GRDBSQLite

/// How both databases (saved photos, response cache) open their connections.
///
/// Memory: with SQLite's default page cache (2 MB a connection, up to six in a pool) the cache's lookups and
/// the Saved tab kept growing it all session (docs/PERFORMANCE.md). The files are small and the kernel
/// caches them anyway, so each connection keeps 512 KB, and a pool at most two readers (the browser reads
/// from one place at a time).
public enum StoreConnectionSettings {
    /// PRAGMA cache_size: negative means kibibytes.
    public static let pageCacheKibibytes = 512
    public static let maximumReaders = 2

    public static func configuration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = label
        configuration.maximumReaderCount = maximumReaders
        let kibibytes = pageCacheKibibytes
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(kibibytes)")
        }
        return configuration
    }

    /// Bytes SQLite has allocated across every connection of the process (for the soak's memory report).
    public static var sqliteBytesInUse: Int { Int(sqlite3_memory_used()) }
}
