import GRDB

/// The versioned schema of the cache database. Migrations are only appended; a database with one this
/// list lacks was written by a newer Photorama, and caching is turned off rather than touching it.
enum ResponseCacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // body holds API answers; an image's bytes are in `file` under images/. size counts either.
            // checksum is FNV-1a of the bytes, so a truncated or altered entry is noticed and dropped.
            try db.execute(
                sql: """
                    CREATE TABLE entry (
                        key TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        headers TEXT NOT NULL,
                        body BLOB,
                        file TEXT,
                        size INTEGER NOT NULL,
                        checksum TEXT NOT NULL,
                        stored_at REAL NOT NULL,
                        used_at REAL NOT NULL
                    )
                    """)
            try db.execute(sql: "CREATE INDEX entry_by_used_at ON entry (used_at)")
            // The running total of `size`, kept in the same transactions as the rows so every instance
            // agrees on it without summing the table.
            try db.execute(sql: "CREATE TABLE total (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO total (id, bytes) VALUES (1, 0)")
            // Flickr calls per key hash and hour (the key itself is never stored).
            try db.execute(
                sql: """
                    CREATE TABLE rate_call (
                        key_hash TEXT NOT NULL,
                        hour INTEGER NOT NULL,
                        count INTEGER NOT NULL,
                        PRIMARY KEY (key_hash, hour)
                    )
                    """)
        }
        migrator.registerMigration("v2") { db in
            // Small values the browser keeps between runs (the feed shown last), by name.
            try db.execute(sql: "CREATE TABLE remembered (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        }
        return migrator
    }
}
