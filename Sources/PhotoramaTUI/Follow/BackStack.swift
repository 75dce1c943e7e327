import PhotoramaKit

/// What the screen showed before a feed was followed (`u`, `G`, a tag), so Esc can put it back exactly:
/// the tab, the Search tab's whole feed (photos, selection, scroll) and the detail's state.
public struct BackEntry: Sendable {
    public let tab: Tab
    public internal(set) var search: FeedModel
    let searchText: String
    let detailOpen: Bool
    let detailScroll: Int

    /// Followed feeds are kept whole (their photos are shared, not copied, until changed); past this many
    /// the oldest is forgotten, which bounds the memory a long walk can hold.
    static let limit = 50

    /// Photos the back stack keeps ready at most, newest entries first (the newest always keeps its own):
    /// older entries keep what their feed was (source, query, title) and load it again from its first page
    /// when Esc comes back to them, from the response cache when it has it. Unbounded, following owners and
    /// galleries kept the soak's memory growing (docs/PERFORMANCE.md).
    static let photoBudget = 300

    /// The same feed without its photos, to load again from the first page.
    var cooled: BackEntry {
        var entry = self
        entry.search = FeedModel(source: search.source, query: search.query, title: search.title)
        return entry
    }
}

/// Where Esc goes back to, newest last: at most `BackEntry.limit` entries, the older ones cooled past
/// `BackEntry.photoBudget`. Its entries change only through `push` and `pop`.
public struct BackStack: Sendable, RandomAccessCollection {
    private var entries: [BackEntry] = []

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> BackEntry { entries[position] }

    /// Puts `entry` on top; past the limit the oldest is forgotten.
    mutating func push(_ entry: BackEntry) {
        entries.append(entry)
        if entries.count > BackEntry.limit { entries.removeFirst(entries.count - BackEntry.limit) }
        keepPhotoBudget()
    }

    mutating func pop() -> BackEntry? {
        entries.popLast()
    }

    /// Keeps photos for the newest entries up to `BackEntry.photoBudget`; older ones are cooled.
    private mutating func keepPhotoBudget() {
        var kept = 0
        for index in entries.indices.reversed() {
            let count = entries[index].search.count
            if count > 0, kept > 0, kept + count > BackEntry.photoBudget {
                entries[index] = entries[index].cooled
            } else {
                kept += count
            }
        }
    }
}

/// The tag picked in the detail pane, valid only while the same photo stays selected.
public struct DetailTag: Sendable, Equatable {
    public let photo: PhotoKey
    public let index: Int
}

extension AppState {
    /// What is on screen as Esc would bring it back: the tab, the Search tab's feed without its loads in
    /// flight (the next page loads again when it comes back), the search text and the detail. Read only.
    var backEntry: BackEntry {
        var left = feeds[.search]
        left.dropLoads()
        return BackEntry(
            tab: tab, search: left, searchText: searchBar.focused ? searchBar.beforeEditing : searchBar.text,
            detailOpen: detailOpen, detailScroll: detailScroll)
    }

    /// The index of the picked tag of the photo the detail shows, if one is picked.
    var pickedTagIndex: Int? { currentFeed?.selectedPhoto.flatMap { detail.tagIndex(for: $0) } }
}
