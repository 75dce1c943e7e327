import Foundation
import GRDB
import PhotoramaStore
import Testing

@Suite struct StoreConnectionSettingsTests {
    /// Each connection of a pool, the writer and the readers, keeps 512 KB of pages instead of SQLite's 2 MB,
    /// and a pool opens at most two readers.
    @Test func poolConnectionsKeepASmallPageCacheAndAtMostTwoReaders() throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let path = temporary + "/settings.sqlite"
        let pool = try DatabasePool(path: path, configuration: StoreConnectionSettings.configuration(label: "test"))
        defer { try? pool.close() }
        #expect(pool.configuration.maximumReaderCount == 2)
        #expect(pool.configuration.label == "test")
        let written = try pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let read = try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        #expect(written == -512)
        #expect(read == -512)
    }
}
