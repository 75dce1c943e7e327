/// Where a page of saved photos ends, in the Saved tab's order (newest first, then provider, then id):
/// the next page starts strictly after this row. A position rather than an offset, so a save (which goes
/// on top) or an unsave between two reads never shifts the next page: no row is skipped or repeated.
public struct SavedPosition: Sendable, Hashable {
    public var savedAtMilliseconds: Int64
    public var key: PhotoKey

    public init(savedAtMilliseconds: Int64, key: PhotoKey) {
        self.savedAtMilliseconds = savedAtMilliseconds
        self.key = key
    }

    public init(_ saved: SavedPhoto) {
        self.init(savedAtMilliseconds: saved.savedAtMilliseconds, key: saved.key)
    }
}

/// One page of saved photos, newest first, and where the next one starts (nil: this page reached the end).
public struct SavedPage: Sendable, Hashable {
    public var photos: [SavedPhoto]
    public var next: SavedPosition?

    public init(photos: [SavedPhoto], next: SavedPosition?) {
        self.photos = photos
        self.next = next
    }
}

/// What the browser needs at launch, read in one transaction so its parts agree: how many photos are
/// saved (the Saved tab's label), every saved key (the marks in every feed), the files downloads wrote
/// (previews drawn from disk), and the Saved tab's first page.
public struct SavedOverview: Sendable, Hashable {
    public var total: Int
    public var keys: Set<PhotoKey>
    public var files: [PhotoKey: String]
    public var first: SavedPage

    public init(total: Int, keys: Set<PhotoKey>, files: [PhotoKey: String] = [:], first: SavedPage) {
        self.total = total
        self.keys = keys
        self.files = files
        self.first = first
    }

    /// Everything at once, as one page (tests and small lists).
    public init(all photos: [SavedPhoto]) {
        var files: [PhotoKey: String] = [:]
        for saved in photos { if let path = saved.downloadPath { files[saved.key] = path } }
        let keys = Set(photos.map(\.key))
        self.init(total: keys.count, keys: keys, files: files, first: SavedPage(photos: photos, next: nil))
    }
}
