import PhotoramaKit
import PhotoramaScreen

/// The focused search bar: typing, history, submit, leave.
func handleSearchKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    // The gallery prompt has no history: earlier searches are not gallery ids.
    if state.searchBar.purpose == .gallery, key == .up || key == .down { return [] }
    switch (key, action) {
    case (_, .search?) where state.searchBar.text.isEmpty:
        // The key that opens the bar (pressed again, or on the Search tab whose bar is already open)
        // is not the first letter of a query.
        break
    case (.character(let c), _):
        state.searchBar.type(c)
    case (.backspace, _), (.ctrl("h"), _):
        state.searchBar.deleteBackward()
    case (.ctrl("u"), _):
        state.searchBar.clear()
    case (.escape, _):
        // Leaving changes nothing: the bar shows again what it showed before.
        state.searchBar.leave()
    case (.up, _):
        state.searchBar.recallOlder()
    case (.down, _):
        state.searchBar.recallNewer()
    case (.enter, _):
        return state.searchBar.purpose == .gallery ? submitGallery(&state) : submitSearch(&state)
    default:
        break
    }
    return []
}

/// Validates the typed text; on success replaces the Search tab's feed (cancelling what the old one
/// had in flight) and shows it. Invalid input only shows its message.
func submitSearch(_ state: inout AppState) -> [Effect] {
    let query = state.searchBar.text.trimmingWhitespace()
    switch SearchQuery.parse(query) {
    case .failure(let error):
        state.searchBar.reject(error.message)
        return []
    case .success(let source):
        return startSearch(&state, source, query: query)
    }
}

/// Replaces the Search tab's feed with `source`, typed as `query` (cancelling what the old feed had in
/// flight), and shows it: the search bar's Enter and the map's.
func startSearch(_ state: inout AppState, _ source: PhotoSource, query: String) -> [Effect] {
    // While following (owners, galleries, tags), a search is one more step Esc walks back.
    let cancels = state.backStack.isEmpty ? state.feeds[.search].inFlightTokens.map(Effect.cancel) : pushBack(&state)
    state.searchBar.submitted(query)
    state.feeds.replace(.search, with: FeedModel(source: source, query: query))
    state.tab = .search
    state.detail.resetAll()
    return cancels
}

/// The country field of the Locations tab: every change asks for the matching locations.
func handleCountryKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    switch (key, action) {
    case (.character(let c), _):
        state.locations.type(c)
        return requestLocations(&state)
    case (.backspace, _), (.ctrl("h"), _):
        guard state.locations.deleteBackward() else { return [] }
        return requestLocations(&state)
    case (.escape, _):
        state.locations.stopEditing()
        return []
    case (.tab, _), (.backTab, _):
        return handleGlobalKey(&state, key, action) ?? []
    default:
        return handleLocationListKey(&state, key, action)
    }
}

/// Moving through the list of locations and opening one.
func handleLocationListKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    let rows = max(1, ScreenLayout(state).body.height - 1)
    let selection = state.locations.selection
    switch (key, action) {
    case (.up, _), (_, .up?): state.locations.select(selection - 1)
    case (.down, _), (_, .down?): state.locations.select(selection + 1)
    case (.pageUp, _): state.locations.select(selection - rows)
    case (.pageDown, _): state.locations.select(selection + rows)
    case (.home, _), (_, .first?): state.locations.select(0)
    // G is the bottom of a list, as in vi: the gallery's key elsewhere.
    case (.end, _), (_, .gallery?): state.locations.select(state.locations.texts.count - 1)
    case (.enter, _): return openLocationPhotos(&state)
    case (_, .retry?):
        state.locations.clearError()
        return requestLocations(&state)
    default: state.locations.select(selection)
    }
    return []
}

/// Shows Flickr photos taken near the selected location's city.
func openLocationPhotos(_ state: inout AppState) -> [Effect] {
    guard state.locations.selection < state.locations.locations.count else { return [] }
    let city = state.locations.locations[state.locations.selection].city.trimmingWhitespace()
    guard !city.isEmpty else { return [] }
    let cancels = state.feeds[.locations].inFlightTokens.map(Effect.cancel)
    state.feeds.replace(.locations, with: FeedModel(source: .place(name: city), query: city))
    state.locations.showPhotos()
    state.detail.reset()
    return cancels
}
