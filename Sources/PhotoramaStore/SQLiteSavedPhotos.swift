import Foundation
import GRDB
import PhotoramaFiles
import PhotoramaKit

#if canImport(Glibc)
    import Glibc
#endif

/// Saved photos in `photorama.sqlite`, through a GRDB pool in WAL mode.
///
/// Durability: WAL with synchronous=NORMAL. A committed transaction is in the WAL file (the kernel's page
/// cache) before `save` returns, so it survives the process being killed the next instant; only a power
/// loss or kernel crash may lose the last commits. That trade keeps a save well under a millisecond.
/// Every write is an IMMEDIATE transaction with a busy timeout, so two instances writing at once wait
/// for each other instead of failing.
public final class SQLiteSavedPhotos: SavedPhotoStore {
    public let path: String
    private let pool: DatabasePool

    /// `$XDG_DATA_HOME/photorama/photorama.sqlite`, or `~/.local/share/photorama/photorama.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        DataFolder.path(environment: environment) + "/photorama.sqlite"
    }

    /// Opens (creating when absent) and migrates the database. A file that is not a database, or that a newer
    /// Photorama wrote, gives an error and is left byte for byte as it was.
    public init(path: String) throws(SavedStoreError) {
        self.path = path
        try Self.prepareFolder(of: path)
        try Self.checkHeader(path)
        let configuration = StoreConnectionSettings.configuration(label: "photorama.saved")
        let migrator = SavedPhotosSchema.migrator
        // Two instances starting at once would both see a migration as not applied and both run it
        // ("duplicate column name"): opening and migrating hold an exclusive lock on a file beside the database.
        let lock = try Self.lockOpening(path)
        defer { close(lock) }
        do {
            // Looked at first through a plain connection that only reads: a newer database is refused before
            // anything (the switch to WAL included) could write to it.
            let probe = try DatabaseQueue(path: path, configuration: configuration)
            let superseded = try probe.read { db in try migrator.hasBeenSuperseded(db) }
            try probe.close()
            if superseded { throw SavedStoreError.newerVersion(path: path) }
            pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
        } catch {
            throw Self.storeError(error, path: path)
        }
        // SQLite gives -wal and -shm the main file's mode; keep all three private.
        for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
    }

    // MARK: - Saving and reading
    public func save(_ photo: Photo) async throws(SavedStoreError) -> SavedPhoto {
        try await write { db in
            try Self.upsert(SavedPhoto(photo: photo, savedAtMilliseconds: SavedPhoto.nowMilliseconds()), keepSavedAt: true, db)
        }
    }

    public func unsave(_ key: PhotoKey) async throws(SavedStoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM saved_photo WHERE provider = ? AND id = ?", arguments: [key.provider.rawValue, key.id])
        }
    }

    public func all() async throws(SavedStoreError) -> [SavedPhoto] {
        do {
            return try await pool.read { db in try Self.fetchAll(db) }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    public func overview(firstPage limit: Int) async throws(SavedStoreError) -> SavedOverview {
        do {
            return try await pool.read { db in try Self.fetchOverview(db, firstPage: limit) }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    public func page(after position: SavedPosition, limit: Int) async throws(SavedStoreError) -> SavedPage {
        do {
            return try await pool.read { db in try Self.fetchPage(db, after: position, limit: limit) }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    public func recordDownload(_ photo: Photo, path file: String) async throws(SavedStoreError) -> SavedPhoto {
        try await write { db in
            var saved = try Self.upsert(
                SavedPhoto(photo: photo, savedAtMilliseconds: SavedPhoto.nowMilliseconds()), keepSavedAt: true, db)
            try db.execute(
                sql: "UPDATE saved_photo SET download_path = ? WHERE provider = ? AND id = ?",
                arguments: [file, photo.provider.rawValue, photo.id])
            saved.downloadPath = file
            return saved
        }
    }

    /// Puts every photo in as it is (saved time and file included), replacing rows with the same key, in
    /// one transaction: an import is all or nothing.
    /// The rows' values (their JSON columns included) are made before the write lock is taken, and the
    /// statement is compiled once: another process saving meanwhile waits only for the inserts, well
    /// within the busy timeout (docs/PERFORMANCE.md).
    public func importAll(_ photos: [SavedPhoto]) async throws(SavedStoreError) {
        let rows = photos.map(SavedPhotoRow.arguments)
        try await write { db in
            let statement = try db.cachedStatement(sql: Self.upsertSQL(keepSavedAt: false))
            for arguments in rows { try statement.execute(arguments: arguments) }
        }
    }

    /// For the command line, which has no reason to hop threads.
    public func allNow() throws(SavedStoreError) -> [SavedPhoto] {
        do {
            return try pool.read { db in try Self.fetchAll(db) }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    // MARK: - Internals

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(SavedStoreError) -> T {
        do {
            return try await pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw SavedStoreError.failed("the write did not finish") }
                return result
            }
        } catch let error as SavedStoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    // MARK: - Queries
    static func fetchAll(_ db: Database) throws -> [SavedPhoto] {
        try fetchPhotos(db, sql: "SELECT \(SavedPhotoRow.columns) FROM saved_photo ORDER BY saved_at DESC, provider, id")
    }

    /// The Saved tab's order; the first condition lets SQLite walk the saved_at index from the position.
    static let pageSQL = """
        SELECT \(SavedPhotoRow.columns) FROM saved_photo
        WHERE saved_at <= :savedAt AND (saved_at < :savedAt OR provider > :provider OR (provider = :provider AND id > :id))
        ORDER BY saved_at DESC, provider, id LIMIT :limit
        """

    static func fetchPage(_ db: Database, after position: SavedPosition, limit: Int) throws -> SavedPage {
        let limit = max(1, limit)
        let arguments: StatementArguments = [
            "savedAt": position.savedAtMilliseconds, "provider": position.key.provider.rawValue, "id": position.key.id,
            // One more than asked: whether it exists says whether there is a next page, with no second query.
            "limit": limit + 1,
        ]
        return page(try fetchPhotos(db, sql: pageSQL, arguments: arguments), limit: limit)
    }

    static func fetchOverview(_ db: Database, firstPage limit: Int) throws -> SavedOverview {
        let limit = max(1, limit)
        var keys = Set<PhotoKey>()
        var files: [PhotoKey: String] = [:]
        // Three short columns per row, read by index, so the marks of every saved photo are cheap to read.
        let rows = try Row.fetchCursor(db, sql: "SELECT provider, id, download_path FROM saved_photo")
        while let row = try rows.next() {
            guard let providerName = row[0] as String?, let provider = Provider(rawValue: providerName),
                let id = row[1] as String?
            else { continue }
            let key = PhotoKey(provider: provider, id: id)
            keys.insert(key)
            if let file = row[2] as String? { files[key] = file }
        }
        // Rows of providers this version does not know are never listed, so they are not counted either.
        let known = Provider.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM saved_photo WHERE provider IN (\(known))") ?? 0
        let first = try fetchPhotos(
            db, sql: "SELECT \(SavedPhotoRow.columns) FROM saved_photo ORDER BY saved_at DESC, provider, id LIMIT ?",
            arguments: [limit + 1])
        return SavedOverview(total: total, keys: keys, files: files, first: page(first, limit: limit))
    }

    private static func page(_ photos: [SavedPhoto], limit: Int) -> SavedPage {
        guard photos.count > limit else { return SavedPage(photos: photos, next: nil) }
        let shown = Array(photos.prefix(limit))
        return SavedPage(photos: shown, next: shown.last.map(SavedPosition.init))
    }

    private static func fetchPhotos(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [SavedPhoto] {
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var photos: [SavedPhoto] = []
        while let row = try rows.next() {
            if let saved = SavedPhotoRow.decode(row) { photos.append(saved) }
        }
        return photos
    }

    static func upsertSQL(keepSavedAt: Bool) -> String {
        let keep =
            keepSavedAt
            ? "saved_at = saved_photo.saved_at, download_path = saved_photo.download_path"
            : "saved_at = excluded.saved_at, download_path = excluded.download_path"
        return """
            INSERT INTO saved_photo (\(SavedPhotoRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (provider, id) DO UPDATE SET
                title = excluded.title, owner = excluded.owner, owner_id = excluded.owner_id, taken = excluded.taken,
                taken_granularity = excluded.taken_granularity, images = excluded.images, page_url = excluded.page_url,
                latitude = excluded.latitude, longitude = excluded.longitude, tags = excluded.tags,
                description = excluded.description, views = excluded.views, nsfw = excluded.nsfw, \(keep)
            """
    }

    /// Inserts, or updates the metadata of an existing row; `keepSavedAt` keeps its saved time and file.
    @discardableResult
    static func upsert(_ saved: SavedPhoto, keepSavedAt: Bool, _ db: Database) throws -> SavedPhoto {
        try db.execute(sql: upsertSQL(keepSavedAt: keepSavedAt), arguments: SavedPhotoRow.arguments(saved))
        guard keepSavedAt,
            let row = try Row.fetchOne(
                db, sql: "SELECT saved_at, download_path FROM saved_photo WHERE provider = ? AND id = ?",
                arguments: [saved.photo.provider.rawValue, saved.photo.id])
        else { return saved }
        var stored = saved
        stored.savedAtMilliseconds = row["saved_at"] ?? saved.savedAtMilliseconds
        stored.downloadPath = row["download_path"]
        return stored
    }

    // MARK: - Opening
    /// The folder is created private (0700); an existing one is made private too.
    private static func prepareFolder(of path: String) throws(SavedStoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("cannot create \(folder): \(Self.reason(error))")
        }
        chmod(folder, 0o700)
        // Created here with mode 0600, before SQLite creates it with the umask's mode.
        PrivateFile.createIfMissing(path)
    }

    /// A file that does not start with SQLite's header is refused before SQLite opens it (opening sets WAL
    /// mode, which would write to it). An empty file is a new database.
    /// Waits for and takes the exclusive lock on `path.lock` (released when the descriptor is closed, or
    /// when the process dies, so a killed instance never leaves it taken).
    private static func lockOpening(_ path: String) throws(SavedStoreError) -> Int32 {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failed("cannot create \(path).lock: \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .failed("cannot lock \(path).lock: \(reason)")
            }
        }
        return descriptor
    }

    private static func checkHeader(_ path: String) throws(SavedStoreError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .failed("cannot read \(path)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if !header.isEmpty && header != Data("SQLite format 3\0".utf8) { throw .corrupt(path: path) }
    }

    // MARK: - Errors
    static func storeError(_ error: any Error, path: String) -> SavedStoreError {
        if let error = error as? SavedStoreError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path)
            default: return .failed(error.message ?? "SQLite error \(error.resultCode.rawValue)")
            }
        }
        return .failed(reason(error))
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
