import Foundation
import GRDB
import PhotoramaKit
import PhotoramaStore
import Testing

@Suite("Saved photos in SQLite")
struct SavedStoreTests {
    // MARK: - Creating and saving
    @Test("a new database is created private, in WAL mode, with every migration applied")
    func createsPrivateWALDatabase() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = temporary + "/data/photorama"
        let path = folder + "/photorama.sqlite"
        let store = try SQLiteSavedPhotos(path: path)
        _ = try await store.save(fullPhoto(1))
        let mode = { (p: String) in ((try? FileManager.default.attributesOfItem(atPath: p)[.posixPermissions]) as? Int) ?? -1 }
        #expect(mode(folder) == 0o700)
        #expect(mode(path) == 0o600)
        #expect(mode(path + "-wal") == 0o600)
        #expect(mode(path + "-shm") == 0o600)
        let queue = try DatabaseQueue(path: path)
        let journal = try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        let migrations = try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(journal == "wal")
        #expect(migrations == ["v1", "v2"])
    }

    @Test("save keeps every field, is idempotent, lists newest first; unsave forgets; a download path is kept")
    func saveListUnsave() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let store = try SQLiteSavedPhotos(path: temporary + "/photorama.sqlite")
        let first = try await store.save(fullPhoto(1))
        try await Task.sleep(for: .milliseconds(2))  // distinct saved times (ordering, not synchronisation)
        _ = try await store.save(fullPhoto(2, provider: .fiveHundredPx))
        let again = try await store.save(fullPhoto(1))
        #expect(again.savedAtMilliseconds == first.savedAtMilliseconds)
        let downloaded = try await store.recordDownload(fullPhoto(1), path: "/tmp/Photorama/one 1.jpg")
        #expect(downloaded.downloadPath == "/tmp/Photorama/one 1.jpg")
        let all = try await store.all()
        #expect(all.map(\.photo) == [fullPhoto(2, provider: .fiveHundredPx), fullPhoto(1)])
        #expect(all.map(\.downloadPath) == [nil, "/tmp/Photorama/one 1.jpg"])
        try await store.unsave(PhotoKey(provider: .fiveHundredPx, id: "2"))
        #expect(try await store.all().map(\.photo.id) == ["1"])
    }

    // MARK: - Migrations and refused databases
    @Test("a version 1 database (made by hand) is migrated to version 2 and keeps its rows")
    func migratesVersionOne() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let path = temporary + "/photorama.sqlite"
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    CREATE TABLE saved_photo (
                        provider TEXT NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL, owner TEXT NOT NULL, owner_id TEXT,
                        taken TEXT, taken_granularity INTEGER NOT NULL, images TEXT NOT NULL, page_url TEXT, latitude REAL,
                        longitude REAL, tags TEXT NOT NULL, description TEXT NOT NULL, views INTEGER, nsfw INTEGER,
                        saved_at INTEGER NOT NULL, PRIMARY KEY (provider, id));
                    INSERT INTO saved_photo VALUES ('flickr', '77', 'Old one', 'Ann', NULL, '2020-01-02T03:04:05', 0,
                        '[{"size":"m","url":"https://example.com/77.jpg","width":500,"height":375}]', NULL, NULL, NULL,
                        '["a"]', '', 3, NULL, 1700000000123);
                    """)
        }
        try queue.close()
        let store = try SQLiteSavedPhotos(path: path)
        let all = try await store.all()
        #expect(
            all == [
                SavedPhoto(
                    photo: Photo(
                        provider: .flickr, id: "77", title: "Old one", owner: "Ann",
                        taken: LocalDateTime(year: 2020, month: 1, day: 2, hour: 3, minute: 4, second: 5),
                        images: [PhotoImage(size: .medium500, url: URL(string: "https://example.com/77.jpg")!, width: 500, height: 375)],
                        tags: ["a"], views: 3),
                    savedAtMilliseconds: 1_700_000_000_123)
            ])
        let downloaded = try await store.recordDownload(all[0].photo, path: "/x.jpg")
        #expect(downloaded.downloadPath == "/x.jpg")
    }

    @Test("a file of garbage is refused with one line and left byte for byte")
    func corruptFileUntouched() throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let path = temporary + "/photorama.sqlite"
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: SavedStoreError.corrupt(path: path)) { try SQLiteSavedPhotos(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(
            SavedStoreError.corrupt(path: path).message
                == "Saved photos unavailable: not a valid database (left untouched): \(path)")
    }

    @Test("a database with a migration this version does not know is refused and left byte for byte")
    func newerVersionUntouched() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let path = temporary + "/photorama.sqlite"
        // Made by hand in rollback-journal mode: even the switch to WAL would change its bytes.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1'), ('v2'), ('v3-from-the-future');
                    CREATE TABLE saved_photo (provider TEXT NOT NULL, id TEXT NOT NULL, future_column BLOB);
                    INSERT INTO saved_photo VALUES ('flickr', '1', x'00ff');
                    """)
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: SavedStoreError.newerVersion(path: path)) { try SQLiteSavedPhotos(path: path) }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        let differing = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(after == before, "\(before.count) \(after.count) \(differing.prefix(20))")
        #expect(
            SavedStoreError.newerVersion(path: path).message
                == "Saved photos unavailable: written by a newer Photorama (left untouched): \(path)")
    }

    // MARK: - Export and import
    @Test("export, import into an empty database, export again: the same bytes")
    func exportImportRoundTrip() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let store = try SQLiteSavedPhotos(path: temporary + "/photorama.sqlite")
        for number in 1...5 { _ = try await store.save(fullPhoto(number, provider: number == 4 ? .fiveHundredPx : .flickr)) }
        _ = try await store.recordDownload(fullPhoto(2), path: "/home/u/Pictures/Photorama/two.jpg")
        let exported = SavedPhotosJSON.render(try await store.all())
        let parsed = try SavedPhotosJSON.parse(Data(exported.utf8)).get()
        let temporary2 = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary2) }
        let empty = try SQLiteSavedPhotos(path: temporary2 + "/photorama.sqlite")
        try await empty.importAll(parsed)
        #expect(SavedPhotosJSON.render(try await empty.all()) == exported)
        #expect(exported.contains("\"savedAt\": \""))
        #expect(exported.contains("\"downloadPath\": \"/home/u/Pictures/Photorama/two.jpg\""))
    }

    @Test("malformed import files give one line saying what is wrong")
    func malformedImport() {
        func reason(_ text: String) -> String? {
            if case .failure(let error) = SavedPhotosJSON.parse(Data(text.utf8)) { return error.reason }
            return nil
        }
        #expect(reason("{ not json") == "not valid JSON")
        #expect(reason("{\"a\": 1}") == "expected an array of photos")
        #expect(reason("[{\"provider\": \"flickr\", \"id\": \"1\", \"title\": \"\", \"owner\": \"\"}]") == "photo 1: missing “savedAt”")
        #expect(
            reason(
                "[{\"provider\": \"myspace\", \"id\": \"1\", \"title\": \"\", \"owner\": \"\", \"savedAt\": \"2026-11-23T14:31:37.123Z\"}]")
                == "photo 1: unknown provider “myspace”")
        #expect(
            reason("[{\"provider\": \"flickr\", \"id\": \"1\", \"title\": \"\", \"owner\": \"\", \"savedAt\": \"yesterday\"}]")
                == "photo 1: invalid savedAt “yesterday”")
    }

    // MARK: - Saved times
    @Test("saved times print as UTC with milliseconds and read back exactly")
    func savedTimes() {
        #expect(SavedTime.iso8601(milliseconds: 1_795_444_297_123) == "2026-11-23T14:31:37.123Z")
        #expect(SavedTime.iso8601(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(SavedTime.iso8601(milliseconds: 951_782_400_005) == "2000-02-29T00:00:00.005Z")
        for value: Int64 in [0, 1, 951_782_400_005, 1_795_444_297_123, 4_102_444_800_999] {
            #expect(SavedTime.milliseconds(iso8601: SavedTime.iso8601(milliseconds: value)) == value)
        }
    }
}
