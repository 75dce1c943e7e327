import PhotoramaKit
import PhotoramaScreen

/// The focused search bar's keys, as functions of the bar: typing, history, leave, and Enter's check.
extension SearchBar {
    /// What Enter asks of the root: a valid search to start, or the gallery the prompt names to follow.
    enum Entered: Equatable {
        case search(PhotoSource, query: String)
        case gallery(id: String)
    }

    /// A key while the bar has the keyboard. Enter validates the text: invalid text only shows its message
    /// here; a valid search, or a valid gallery (the bar then lets go), is handed back for the root to open.
    mutating func key(_ key: Key, _ action: KeyAction?) -> Entered? {
        // The gallery prompt has no history: earlier searches are not gallery ids.
        if purpose == .gallery, key == .up || key == .down { return nil }
        switch (key, action) {
        case (_, .search?) where text.isEmpty:
            // The key that opens the bar (pressed again, or on the Search tab whose bar is already open)
            // is not the first letter of a query.
            break
        case (.character(let c), _):
            type(c)
        case (.backspace, _), (.ctrl("h"), _):
            deleteBackward()
        case (.ctrl("u"), _):
            clear()
        case (.escape, _):
            // Leaving changes nothing: the bar shows again what it showed before.
            leave()
        case (.up, _):
            recallOlder()
        case (.down, _):
            recallNewer()
        case (.enter, _):
            guard purpose == .search else { return enterGallery() }
            let query = text.trimmingWhitespace()
            switch SearchQuery.parse(query) {
            case .failure(let error):
                reject(error.message)
            case .success(let source):
                return .search(source, query: query)
            }
        default:
            break
        }
        return nil
    }

    /// The gallery prompt's Enter: a gallery id or flickr.com address; the bar lets go of a valid one.
    private mutating func enterGallery() -> Entered? {
        switch GalleryReference.parse(text) {
        case .failure(let error):
            reject(error.message)
            return nil
        case .success(let id):
            leave()
            return .gallery(id: id)
        }
    }
}

/// The focused search bar: the bar takes the key; a valid search replaces the Search tab's feed
/// (cancelling what the old one had in flight) and shows it, a valid gallery is followed.
func handleSearchKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    switch state.searchBar.key(key, action) {
    case .search(let source, let query)?: startSearch(&state, source, query: query)
    case .gallery(let id)?: follow(&state, .gallery(id: id), query: id)
    case nil: []
    }
}

/// Replaces the Search tab's feed with `source`, typed as `query` (cancelling what the old feed had in
/// flight), and shows it: the search bar's Enter and the map's.
func startSearch(_ state: inout AppState, _ source: PhotoSource, query: String) -> [Effect] {
    // While following (owners, galleries, tags), a search is one more step Esc walks back.
    let cancels = state.feeds[.search].inFlightTokens.map(Effect.cancel)
    if !state.backStack.isEmpty { state.rememberScreen() }
    state.searchBar.submitted(query)
    state.feeds.replace(.search, with: FeedModel(source: source, query: query))
    state.show(.search)
    state.detail.resetAll()
    return cancels
}
