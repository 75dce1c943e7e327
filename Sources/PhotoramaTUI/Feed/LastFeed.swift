import Foundation
import PhotoramaKit

/// The feed on screen when the browser quit, so the next launch opens it again (from the cache at once):
/// the tab, and on the Search tab the feed and its text.
public struct LastFeed: Equatable, Sendable, Codable {
    public var tab: Tab
    public var source: PhotoSource?
    public var query: String?

    public init(tab: Tab, source: PhotoSource? = nil, query: String? = nil) {
        self.tab = tab
        self.source = source
        self.query = query
    }

    public init(_ state: AppState) {
        self.init(tab: state.tab)
        if state.tab == .search, let source = state.feeds[.search].source {
            self.source = source
            self.query = state.feeds[.search].query
        }
    }

    /// Opens this feed at start; a Search tab with no feed opens as an empty Search tab.
    public func apply(to configuration: inout AppConfiguration) {
        if tab == .search, let source {
            configuration.initialFeed = (source, query ?? "")
        } else {
            configuration.initialTab = tab
        }
    }

    /// JSON, as kept in the cache database.
    public var encoded: String? {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// nil for anything that is not a LastFeed this version wrote (an older or damaged value is ignored).
    public init?(encoded: String) {
        guard let value = try? JSONDecoder().decode(LastFeed.self, from: Data(encoded.utf8)) else { return nil }
        self = value
    }
}
