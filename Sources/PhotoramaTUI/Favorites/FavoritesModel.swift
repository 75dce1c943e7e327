import PhotoramaKit

/// The signed-in account's Flickr favourites: the Favourites tab's feed, the ♥ on cards in every feed,
/// and the marks `f` changes: shown at once, taken back when Flickr refuses. Saved photos (`s`) are apart.
public struct FavoritesModel: Sendable {
    /// The Favourites tab's feed; without a sign-in it has no source and the tab says why.
    public private(set) var feed: FeedModel
    /// Favourites seen in the feed's pages.
    private var listed: Set<PhotoKey> = []
    /// Marks changed in this session, over what the feed says: true added, false removed.
    private var changed: [PhotoKey: Bool] = [:]
    /// `f` in flight, by token: the photo and whether it is being added.
    private var writes: [RequestToken: (photo: Photo, adding: Bool)] = [:]

    init(signedIn: Bool) {
        feed = FeedModel(source: signedIn ? .favorites : nil)
    }

    public func isFavorite(_ photo: Photo) -> Bool {
        changed[photo.key] ?? listed.contains(photo.key)
    }

    func isWriting(_ photo: Photo) -> Bool { writes.values.contains { $0.photo.key == photo.key } }

    /// A page of the feed arrived: its photos are favourites.
    mutating func noteListed(_ photos: [Photo]) {
        for photo in photos { listed.insert(photo.key) }
    }

    /// Runs `body` on the Favourites tab's feed in place: the grid's keys and `settle` move its selection.
    mutating func updateFeed<R>(_ body: (inout FeedModel) -> R) -> R {
        body(&feed)
    }

    /// A page of the Favourites feed arrived (or failed): its photos carry the ♥ from now on, and the feed
    /// takes it as any feed does (`FeedModel.receivePage(_:page:token:tokens:)`).
    mutating func receivePage(
        _ result: Result<Page<Photo>, PhotoramaError>, page: Int, token: RequestToken, tokens: inout RequestTokens
    ) -> [Effect] {
        if case .success(let answer) = result { noteListed(answer.items) }
        return feed.receivePage(result, page: page, token: token, tokens: &tokens)
    }

    /// `f`: the mark changes now; `finish` keeps it or takes it back.
    mutating func begin(_ photo: Photo, adding: Bool, token: RequestToken) {
        writes[token] = (photo, adding)
        changed[photo.key] = adding
    }

    /// The answer to the write with `token`: the photo and what was asked, or nil for an unknown token.
    /// A failure puts the mark back as it was; a success puts the photo on top of (or out of) the feed.
    mutating func finish(token: RequestToken, succeeded: Bool) -> (photo: Photo, adding: Bool)? {
        guard let write = writes.removeValue(forKey: token) else { return nil }
        if succeeded {
            if write.adding { feed.insertFirst(write.photo) } else { feed.remove(write.photo.key) }
        } else {
            changed[write.photo.key] = !write.adding
        }
        return write
    }
}
