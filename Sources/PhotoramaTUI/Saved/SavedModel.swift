import PhotoramaKit

/// The saved photos as the browser knows them: how many there are, the keys that carry a mark in every
/// feed, the files downloads wrote, and the Saved tab's feed (newest first), read from the store a page at
/// a time as the user scrolls. Changed only by answers from the store, so a mark on screen is durable.
public struct SavedModel: Sendable {
    public private(set) var feed = FeedModel()
    public private(set) var keys: Set<PhotoKey> = []
    /// Every saved photo, loaded or not: the Saved tab's label.
    public private(set) var total = 0
    /// Downloaded files by photo: previews and the viewer draw from them instead of the network.
    public private(set) var files: [PhotoKey: String] = [:]
    /// The store's answer to the first load has arrived.
    public private(set) var loaded = false
    /// Why saving is disabled (a corrupt database, one from a newer version…); nil while it works.
    public private(set) var unavailable: SavedStoreError?
    private var loadToken: RequestToken?
    /// Where the next page starts in the store; nil once the last one is here.
    private var next: SavedPosition?
    /// The page on its way, if any.
    private var pageToken: RequestToken?
    /// The last page failed: not asked for again until the next key.
    private var pageFailed = false
    /// Saves and unsaves on their way to the store, with the photo each is about.
    private var pending: [RequestToken: Photo] = [:]

    /// More saved photos are in the store than in the feed.
    public var hasMore: Bool { next != nil }

    func isSaved(_ photo: Photo) -> Bool { keys.contains(photo.key) }

    /// Runs `body` on the Saved tab's feed in place: the grid's keys and `settle` move its selection.
    mutating func updateFeed<R>(_ body: (inout FeedModel) -> R) -> R {
        body(&feed)
    }

    // MARK: - Reading the store
    mutating func beginLoad(token: RequestToken) {
        loadToken = token
    }

    /// The store's answer to the first load (count, keys, files, first page); the error to show when saving
    /// is unavailable. Answers to another token are ignored.
    mutating func receiveOverview(_ result: Result<SavedOverview, SavedStoreError>, token: RequestToken) -> SavedStoreError? {
        guard loadToken == token else { return nil }
        loadToken = nil
        switch result {
        case .success(let overview):
            loaded = true
            // Saves answered before the list arrived are in it already (the store is the truth).
            keys = overview.keys
            total = overview.total
            // Files of downloads that finished before the answer are in it too; none is forgotten.
            files.merge(overview.files) { _, stored in stored }
            feed.replaceAll(overview.first.photos.map(\.photo))
            next = overview.first.next
            return nil
        case .failure(let error):
            unavailable = error
            return error
        }
    }

    /// Where the next page starts, when one may be asked for: loaded, none on its way, the last not failed.
    var nextPageStart: SavedPosition? {
        guard loaded, pageToken == nil, !pageFailed else { return nil }
        return next
    }

    mutating func beginPage(token: RequestToken) {
        pageToken = token
    }

    /// A page read from the store; the error to show when it failed (the page is not asked for again until
    /// `retryPages`). Answers to another token are ignored.
    mutating func receivePage(_ result: Result<SavedPage, SavedStoreError>, token: RequestToken) -> SavedStoreError? {
        guard pageToken == token else { return nil }
        pageToken = nil
        switch result {
        case .success(let page):
            // A photo unsaved while the page was on its way is gone from the keys: it does not come back.
            let keys = keys
            feed.appendStored(page.photos.map(\.photo).filter { keys.contains($0.key) })
            next = page.next
            return nil
        case .failure(let error):
            pageFailed = true
            return error
        }
    }

    /// The user did something: a failed page may be asked for again.
    mutating func retryPages() {
        pageFailed = false
    }

    // MARK: - Saving and unsaving
    /// A save or unsave of this photo is on its way (a second one would race it).
    func isWriting(_ photo: Photo) -> Bool {
        pending.values.contains { $0.key == photo.key }
    }

    mutating func beginWrite(_ photo: Photo, token: RequestToken) {
        pending[token] = photo
    }

    /// The photo the write under `token` was about, once; nil for an answer nobody waits for.
    mutating func finishWrite(token: RequestToken) -> Photo? {
        pending.removeValue(forKey: token)
    }

    /// The store now holds `photo`: the count, the mark and the feed follow, once per photo. With
    /// `showNewest`, the feed opens on its newest photo (seen from another tab).
    mutating func add(_ photo: Photo, file: String?, showNewest: Bool) {
        if let file { files[photo.key] = file }
        guard keys.insert(photo.key).inserted else { return }
        total += 1
        feed.insertFirst(photo)
        if showNewest { feed.showFirst() }
    }

    /// The store forgot the photo, and the file's path with it.
    mutating func forget(_ key: PhotoKey) {
        if keys.remove(key) != nil { total = max(0, total - 1) }
        files[key] = nil
        feed.remove(key)
    }
}
