import PhotoramaKit

/// The saved photos as the browser knows them: how many there are, the keys that carry a mark in every
/// feed, the files downloads wrote, and the Saved tab's feed (newest first), read from the store a page at
/// a time as the user scrolls. Changed only by answers from the store, so a mark on screen is durable.
public struct SavedModel: Sendable {
    public internal(set) var feed = FeedModel()
    public internal(set) var keys: Set<PhotoKey> = []
    /// Every saved photo, loaded or not: the Saved tab's label.
    public internal(set) var total = 0
    /// Downloaded files by photo: previews and the viewer draw from them instead of the network.
    public internal(set) var files: [PhotoKey: String] = [:]
    /// The store's answer to the first load has arrived.
    public internal(set) var loaded = false
    /// Why saving is disabled (a corrupt database, one from a newer version…); nil while it works.
    public internal(set) var unavailable: SavedStoreError?
    var loadToken: RequestToken?
    /// Where the next page starts in the store; nil once the last one is here.
    var next: SavedPosition?
    /// The page on its way, if any.
    var pageToken: RequestToken?
    /// The last page failed: not asked for again until the next key.
    var pageFailed = false
    /// Saves and unsaves on their way to the store, with the photo each is about.
    var pending: [RequestToken: Photo] = [:]

    public var isPending: Bool { !pending.isEmpty }

    /// More saved photos are in the store than in the feed.
    public var hasMore: Bool { next != nil }

    func isSaved(_ photo: Photo) -> Bool { keys.contains(photo.key) }
}

extension FeedModel {
    /// Puts a newly saved photo on top, keeping the same photo selected.
    mutating func insertFirst(_ photo: Photo) {
        guard feed.insertFirst(photo) else { return }
        texts.insert(CardText(photo), at: 0)
        if feed.count > 1 { selection += 1 }
    }

    mutating func remove(_ key: PhotoKey) {
        guard let index = feed.remove(key) else { return }
        texts.remove(at: index)
        if index < selection { selection -= 1 }
    }

    mutating func replaceAll(_ photos: [Photo]) {
        feed = FeedState(complete: photos)
        texts = feed.photos.map(CardText.init)
        selection = 0
        scrollRow = 0
    }

    /// Adds a page read from the store after the photos here (those already here are skipped).
    mutating func appendStored(_ photos: [Photo]) {
        let added = feed.appendComplete(photos)
        for photo in feed.photos.suffix(added) { texts.append(CardText(photo)) }
    }
}
