import PhotoramaKit

/// The feeds of the tabs that load from a service, one per tab: Recent, Popular, Explore, Search, and
/// Locations (the photos near the picked place). Saved's and Favourites' feeds live in their models,
/// beside the marks they keep; `AppState.feed(for:)` answers for every tab.
public struct Feeds: Sendable {
    private var recent = FeedModel(source: .recent)
    private var popular = FeedModel(source: .popular)
    /// Flickr's Explore, the latest day.
    private var explore = FeedModel(source: .explore(date: nil))
    private var search = FeedModel()
    private var place = FeedModel()

    /// The tabs whose feed is held here.
    static let tabs: [Tab] = [.recent, .popular, .search, .locations, .explore]
    /// The tabs whose feeds load pages, in the order a page's token is looked up.
    static let loadingTabs: [Tab] = tabs + [.favorites]

    /// The tab's feed; an empty feed for Saved and Favourites, whose feeds are not held here.
    public subscript(tab: Tab) -> FeedModel {
        switch tab {
        case .recent: recent
        case .popular: popular
        case .explore: explore
        case .search: search
        case .locations: place
        case .saved, .favorites: FeedModel()
        }
    }

    /// Runs `body` on the tab's feed in place (no copy of its photos). For Saved and Favourites, whose feeds
    /// are not held here (`AppState.updateFeed` sends them to their models), on an empty feed then dropped.
    mutating func update<R>(_ tab: Tab, _ body: (inout FeedModel) -> R) -> R {
        switch tab {
        case .recent: return body(&recent)
        case .popular: return body(&popular)
        case .explore: return body(&explore)
        case .search: return body(&search)
        case .locations: return body(&place)
        case .saved, .favorites:
            var elsewhere = FeedModel()
            return body(&elsewhere)
        }
    }

    /// Puts a new feed on the tab (a new search, another place, a step back); the old one's requests are
    /// the caller's to cancel.
    mutating func replace(_ tab: Tab, with feed: FeedModel) {
        update(tab) { $0 = feed }
    }

    /// Photos held in all five feeds.
    public var photoCount: Int { Self.tabs.reduce(0) { $0 + self[$1].count } }
}
