import PhotoramaKit

/// What the screen showed before a feed was followed (`u`, `G`, a tag), so Esc can put it back exactly:
/// the tab, the Search tab's whole feed (photos, selection, scroll) and the detail's state.
public struct BackEntry: Sendable {
    public let tab: Tab
    public let search: FeedModel
    let searchText: String
    let detailOpen: Bool
    let detailScroll: Int

    /// Followed feeds are kept whole (their photos are shared, not copied, until changed); past this many
    /// the oldest is forgotten, which bounds the memory a long walk can hold.
    static let limit = 50
}

/// The tag picked in the detail pane, valid only while the same photo stays selected.
public struct DetailTag: Sendable, Equatable {
    public let photo: PhotoKey
    public let index: Int
}

extension AppState {
    /// The index of the picked tag of the photo the detail shows, if one is picked.
    var pickedTagIndex: Int? {
        guard let tag = detailTag, let photo = currentFeed?.selectedPhoto, photo.key == tag.photo,
            tag.index < photo.tags.count
        else { return nil }
        return tag.index
    }
}
