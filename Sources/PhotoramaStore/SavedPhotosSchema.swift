import GRDB

/// The versioned schema of `photorama.sqlite`. Migrations are only ever appended: a database that has a
/// migration this list lacks was written by a newer Photorama and is left alone.
enum SavedPhotosSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // images and tags are JSON arrays; dates are whole milliseconds since 1970 (UTC) so a saved
            // time survives an export and import exactly.
            try db.execute(
                sql: """
                    CREATE TABLE saved_photo (
                        provider TEXT NOT NULL,
                        id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        owner TEXT NOT NULL,
                        owner_id TEXT,
                        taken TEXT,
                        taken_granularity INTEGER NOT NULL,
                        images TEXT NOT NULL,
                        page_url TEXT,
                        latitude REAL,
                        longitude REAL,
                        tags TEXT NOT NULL,
                        description TEXT NOT NULL,
                        views INTEGER,
                        nsfw INTEGER,
                        saved_at INTEGER NOT NULL,
                        PRIMARY KEY (provider, id)
                    )
                    """)
        }
        migrator.registerMigration("v2") { db in
            // Downloads record where the file went; the Saved tab lists newest first.
            try db.execute(sql: "ALTER TABLE saved_photo ADD COLUMN download_path TEXT")
            try db.execute(sql: "CREATE INDEX saved_photo_by_saved_at ON saved_photo (saved_at)")
        }
        return migrator
    }
}
