import PhotoramaKit

/// The saved photos as the browser knows them: the keys that carry a mark in every feed, and the Saved
/// tab's feed (newest first). Changed only by answers from the store, so a mark on screen is durable.
public struct SavedModel: Sendable {
    public internal(set) var feed = FeedModel()
    public internal(set) var keys: Set<PhotoKey> = []
    /// The store's answer to the first load has arrived.
    public internal(set) var loaded = false
    /// Why saving is disabled (a corrupt database, one from a newer version…); nil while it works.
    public internal(set) var unavailable: SavedStoreError?
    var loadToken: RequestToken?
    /// Saves and unsaves on their way to the store, with the photo each is about.
    var pending: [RequestToken: Photo] = [:]

    public var isPending: Bool { !pending.isEmpty }

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
}
