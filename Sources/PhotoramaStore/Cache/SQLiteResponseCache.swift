import Foundation
import GRDB
import PhotoramaFiles
import PhotoramaKit
import PhotoramaLocking

#if canImport(Glibc)
    import Glibc
#endif

/// Answers and the index of image files in `cache.sqlite` (GRDB pool, WAL), image bytes as files.
/// Bounded by size: after each write the least recently used entries go until the total fits.
///
/// A cache must never break browsing: a corrupt entry is deleted and reported as absent, a corrupt
/// database is rebuilt, and a failed write (a full disk) turns caching off with one line via `problems`.
/// Two instances share it safely: every write is an IMMEDIATE transaction with a busy timeout, and
/// image files appear under their final name only whole (temp + rename).
public final class SQLiteResponseCache: ResponseStore {
    public static let defaultMaxBytes: Int64 = 512 << 20

    public let folder: CacheFolder
    public let maxBytes: Int64
    let pool: DatabasePool
    private let now: @Sendable () -> Date
    /// Reading an entry moves it to the front only when its last use is older than this (seconds), so
    /// browsing does not turn every read into a write.
    private let touchGranularity: TimeInterval
    private let disabled = Locked<Bool>(false)
    private let onProblem: @Sendable (String) -> Void

    /// Opens (creating or rebuilding) the cache in `folder`. `notice` gets one line when the database was
    /// rebuilt, or later when caching turns itself off.
    public init(
        folder: CacheFolder, maxBytes: Int64 = defaultMaxBytes, now: @escaping @Sendable () -> Date = Date.init,
        touchGranularity: TimeInterval = 60, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(CacheError) {
        self.folder = folder
        self.maxBytes = max(0, maxBytes)
        self.now = now
        self.touchGranularity = touchGranularity
        self.onProblem = notice
        try folder.prepare()
        do {
            pool = try Self.open(folder.databasePath)
        } catch let error as CacheError {
            throw error
        } catch {
            // A cache is only a copy: a damaged database is replaced, and the images it indexed go with it.
            notice("The cache was damaged and has been emptied: \(folder.path)")
            for suffix in ["", "-wal", "-shm"] { unlink(folder.databasePath + suffix) }
            try? FileManager.default.removeItem(atPath: folder.imagesPath)
            try folder.prepare()
            do { pool = try Self.open(folder.databasePath) } catch {
                throw .failed(Self.reason(error))
            }
        }
    }

    private static func open(_ path: String) throws -> DatabasePool {
        PrivateFile.createIfMissing(path)
        if let handle = FileHandle(forReadingAtPath: path) {
            let header = (try? handle.read(upToCount: 16)) ?? Data()
            try? handle.close()
            if !header.isEmpty && header != Data("SQLite format 3\0".utf8) {
                throw DatabaseError(resultCode: .SQLITE_NOTADB)
            }
        }
        let configuration = StoreConnectionSettings.configuration(label: "photorama.cache")
        let migrator = ResponseCacheSchema.migrator
        let lock = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        defer { if lock >= 0 { close(lock) } }
        let probe = try DatabaseQueue(path: path, configuration: configuration)
        let superseded = try probe.read { db in try migrator.hasBeenSuperseded(db) }
        try probe.close()
        if superseded { throw CacheError.newerVersion(path: path) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        for suffix in ["", "-wal", "-shm", ".lock"] { chmod(path + suffix, 0o600) }
        return pool
    }

    public var isEnabled: Bool { !disabled.withLock { $0 } }

    // MARK: - ResponseStore

    public func lookup(_ key: String) async -> CachedResponse? {
        guard isEnabled else { return nil }
        let row: Row?
        do {
            row = try readNow { db in
                try Row.fetchOne(
                    db, sql: "SELECT kind, status, headers, body, file, size, checksum, stored_at, used_at FROM entry WHERE key = ?",
                    arguments: [key])
            }
        } catch {
            return nil
        }
        guard let row else { return nil }
        guard let entry = decode(row) else {
            await remove(key)
            return nil
        }
        let usedAt: Double = row["used_at"] ?? 0
        let date = now().timeIntervalSince1970
        if date - usedAt >= touchGranularity {
            await write { db in try db.execute(sql: "UPDATE entry SET used_at = ? WHERE key = ?", arguments: [date, key]) }
        }
        return entry
    }

    /// The entry in a row, or nil when anything about it is wrong (unknown kind, unreadable headers,
    /// missing or truncated file, checksum mismatch).
    private func decode(_ row: Row) -> CachedResponse? {
        let file = row["file"] as String?
        return CacheRecord(
            kind: row["kind"], status: row["status"], headers: row["headers"], size: row["size"],
            checksum: row["checksum"], storedAt: row["stored_at"],
            body: file.map { folder.readImage(name: $0) } ?? row["body"]
        ).decoded()
    }

    public func store(_ key: String, _ response: CachedResponse) async {
        guard isEnabled else { return }
        let size = Int64(response.body.count)
        // Larger than the whole cache: not kept at all.
        guard size <= maxBytes else { return }
        var file: String?
        if response.kind == .image {
            let name = CacheFolder.imageName(forKey: key)
            do throws(CacheError) {
                try folder.writeImage(response.body, name: name)
            } catch {
                turnOff(error)
                return
            }
            file = name
        }
        let headers = Self.encodeHeaders(response.headers)
        let checksum = FNV1a.hex(FNV1a.hash(response.body))
        let body: Data? = file == nil ? response.body : nil
        let fileName = file
        let used = now().timeIntervalSince1970
        let storedAt = response.storedAt.timeIntervalSince1970
        let maxBytes = self.maxBytes
        let evicted = await write { db -> [String] in
            let previous = try Int64.fetchOne(db, sql: "SELECT size FROM entry WHERE key = ?", arguments: [key]) ?? 0
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO entry (key, kind, status, headers, body, file, size, checksum, stored_at, used_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key, response.kind.rawValue, response.status, headers, body, fileName, size, checksum, storedAt, used])
            try db.execute(sql: "UPDATE total SET bytes = bytes + ? WHERE id = 1", arguments: [size - previous])
            return try Self.evict(db, maxBytes: maxBytes)
        }
        for name in evicted ?? [] where name != fileName { folder.removeImage(name: name) }
    }

    /// Deletes least recently used entries until the total fits; returns the image files to delete.
    private static func evict(_ db: Database, maxBytes: Int64) throws -> [String] {
        var total = try Int64.fetchOne(db, sql: "SELECT bytes FROM total WHERE id = 1") ?? 0
        guard total > maxBytes else { return [] }
        var files: [String] = []
        let rows = try Row.fetchAll(db, sql: "SELECT key, file, size FROM entry ORDER BY used_at, stored_at, key")
        for row in rows where total > maxBytes {
            let key: String = row["key"] ?? ""
            try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
            total -= row["size"] ?? 0
            if let file: String = row["file"] { files.append(file) }
        }
        try db.execute(sql: "UPDATE total SET bytes = ? WHERE id = 1", arguments: [max(0, total)])
        return files
    }

    public func refresh(_ key: String, storedAt: Date) async {
        guard isEnabled else { return }
        let stored = storedAt.timeIntervalSince1970
        let used = now().timeIntervalSince1970
        await write { db in
            try db.execute(sql: "UPDATE entry SET stored_at = ?, used_at = ? WHERE key = ?", arguments: [stored, used, key])
        }
    }

    public func remove(_ key: String) async {
        let file = await write { db -> String? in
            guard let row = try Row.fetchOne(db, sql: "SELECT file, size FROM entry WHERE key = ?", arguments: [key]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
            try db.execute(sql: "UPDATE total SET bytes = max(0, bytes - ?) WHERE id = 1", arguments: [row["size"] as Int64? ?? 0])
            return row["file"]
        }
        if let file, let file { folder.removeImage(name: file) }
    }

    public func countCall(keyHash: String, hourStart: Int) async -> Int {
        let count = await write { db -> Int in
            try db.execute(
                sql: """
                    INSERT INTO rate_call (key_hash, hour, count) VALUES (?, ?, 1)
                    ON CONFLICT (key_hash, hour) DO UPDATE SET count = count + 1
                    """,
                arguments: [keyHash, hourStart])
            // Older hours are of no further use.
            try db.execute(sql: "DELETE FROM rate_call WHERE hour < ?", arguments: [hourStart - 3600])
            return try Int.fetchOne(
                db, sql: "SELECT count FROM rate_call WHERE key_hash = ? AND hour = ?", arguments: [keyHash, hourStart]) ?? 0
        }
        return count ?? 0
    }

    public func callCount(keyHash: String, hourStart: Int) async -> Int {
        (try? readNow { db in
            try Int.fetchOne(db, sql: "SELECT count FROM rate_call WHERE key_hash = ? AND hour = ?", arguments: [keyHash, hourStart])
        }) ?? 0
    }

    // MARK: - Values kept between runs

    /// A value `remember` stored under `name`, or nil.
    public func remembered(_ name: String) -> String? {
        try? readNow { db in try String.fetchOne(db, sql: "SELECT value FROM remembered WHERE name = ?", arguments: [name]) }
    }

    public func remember(_ value: String, as name: String) async {
        await write { db in
            try db.execute(
                sql: "INSERT INTO remembered (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [name, value])
        }
    }

    // MARK: - For `photorama cache`

    public func statistics() -> CacheStatistics {
        let counts = try? pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE file IS NULL") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE file IS NOT NULL") ?? 0
            )
        }
        return CacheStatistics(bytes: folder.diskBytes(), answers: counts?.0 ?? 0, images: counts?.1 ?? 0)
    }

    /// Empties the cache: every row, every image file, then the database file shrinks (VACUUM).
    public func clear() throws(CacheError) {
        do {
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "DELETE FROM entry")
                    try db.execute(sql: "DELETE FROM remembered")
                    try db.execute(sql: "UPDATE total SET bytes = 0 WHERE id = 1")
                    return .commit
                }
                try db.execute(sql: "VACUUM")
            }
            try? FileManager.default.removeItem(atPath: folder.imagesPath)
            try folder.prepare()
        } catch let error as CacheError {
            throw error
        } catch {
            throw .failed(Self.reason(error))
        }
    }

    // MARK: - Internals

    /// A read on the calling thread: WAL readers never wait for writers, and a hop to GRDB's queue would
    /// cost more than the read.
    private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// Runs an IMMEDIATE transaction; a failure turns caching off (with one line) and gives nil.
    @discardableResult
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async -> T? {
        guard isEnabled else { return nil }
        // In a task of its own, which the caller's cancellation does not reach (the caller still waits for
        // it): GRDB's async writes throw CancellationError in a cancelled task, and that turned caching off
        // for the rest of the run whenever a load was cancelled just after its answer arrived.
        let pool = self.pool
        let outcome = await Task { () -> Result<T?, any Error> in
            do {
                return .success(
                    try await pool.writeWithoutTransaction { db in
                        var result: T?
                        try db.inTransaction(.immediate) {
                            result = try body(db)
                            return .commit
                        }
                        return result
                    })
            } catch {
                return .failure(error)
            }
        }.value
        switch outcome {
        case .success(let result):
            return result
        case .failure(let error):
            turnOff(.writeFailed(Self.reason(error)))
            return nil
        }
    }

    private func turnOff(_ error: CacheError) {
        let first = disabled.withLock { off in
            defer { off = true }
            return !off
        }
        if first { onProblem(error.message) }
    }

    public static func encodeHeaders(_ headers: [CachedHeader]) -> String {
        let pairs = headers.map { [$0.name, $0.value] }
        guard let data = try? JSONSerialization.data(withJSONObject: pairs) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    public static func decodeHeaders(_ text: String) -> [CachedHeader]? {
        guard let pairs = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String]] else { return nil }
        var headers: [CachedHeader] = []
        for pair in pairs {
            guard pair.count == 2 else { return nil }
            headers.append(CachedHeader(name: pair[0], value: pair[1]))
        }
        return headers
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CacheError { return error.message }
        if let error = error as? DatabaseError {
            if error.resultCode == .SQLITE_FULL { return "the disk is full" }
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return (error as NSError).localizedDescription
    }
}

extension SQLiteResponseCache {
    /// Moves the WAL's pages into the database file (tests read the files directly).
    public func checkpoint() async throws {
        _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
