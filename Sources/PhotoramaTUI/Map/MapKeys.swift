import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen

/// `m`: the map opens over the grid, its cross-hair on the selected photo when it has a place; the
/// Locations tab's cities are looked up to be shown as labelled places.
func openMap(_ state: inout AppState) -> [Effect] {
    let at = state.currentFeed?.selectedPhoto?.location.map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
    state.map = MapModel(crosshair: at)
    return state.locations.findPlaces(tokens: &state.tokens)
}

/// The open map's keys, as functions of the map: the cross-hair moves and the zoom changes here; what
/// reaches past the map is handed back for the root.
extension MapModel {
    /// What a key on the map asks of the root.
    enum KeyRequest: Equatable {
        /// Esc, `m` or `q`: the map closes.
        case close
        /// `n` (+1) or `p` (-1): the next or previous photo with a place is selected; the cross-hair goes to it.
        case selectPlaced(step: Int)
        /// `?`: the key bindings over the map.
        case help
        /// Enter: the geo search at the cross-hair.
        case search
    }

    /// Arrows (h j k l) move the cross-hair by a cell of `area`, `+` `-` zoom; nil when the key changed
    /// only the map (or nothing).
    mutating func key(_ key: Key, _ action: KeyAction?, area: Rect) -> KeyRequest? {
        switch (key, action) {
        case (.escape, _), (_, .map?), (_, .quit?): return .close
        case (.left, _), (_, .left?): move(rows: 0, columns: -1, in: area)
        case (.right, _), (_, .right?): move(rows: 0, columns: 1, in: area)
        case (.up, _), (_, .up?): move(rows: -1, columns: 0, in: area)
        case (.down, _), (_, .down?): move(rows: 1, columns: 0, in: area)
        case (.character("+"), _), (.character("="), _): zoom(by: 1)
        case (.character("-"), _), (.character("_"), _): zoom(by: -1)
        case (.character("n"), _): return .selectPlaced(step: 1)
        case (.character("p"), _): return .selectPlaced(step: -1)
        case (_, .help?): return .help
        case (.enter, _): return .search
        default: break
        }
        return nil
    }
}

/// The open map: the map takes the key; `n` `p` select the next or previous photo with a place (the grid's
/// selection moves too, the cross-hair goes to it), Enter searches near the cross-hair, Esc, `m` or `q`
/// close it, `?` shows the key bindings over it.
func handleMapKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard var map = state.map else { return [] }
    let area = ScreenLayout(state).map
    switch map.key(key, action, area: area) {
    case .close?:
        state.map = nil
        return []
    case .selectPlaced(let step)?:
        if let tab = state.currentFeedTab, let (index, place) = state.feed(for: tab).placedPhoto(after: step) {
            moveSelection(&state, tab) { _ in index }
            map.jump(to: place, in: area)
        }
    case .help?: state.overlay = .help(scroll: 0)
    case .search?: return searchNearCrosshair(&state, map: map, area: area)
    case nil: break
    }
    state.map = map
    return []
}

/// Enter: the geo search the search bar would run for "lat, lon Rkm" at the cross-hair, with a radius
/// that fits the zoom; the map closes on the Search tab's results.
func searchNearCrosshair(_ state: inout AppState, map: MapModel, area: Rect) -> [Effect] {
    // Over a Commons feed, Enter searches Commons (within its 10 km); otherwise Flickr.
    let commons = state.currentFeedTab.flatMap { state.feed(for: $0).source?.provider } == .commons
    let place = map.searchText(in: area, maximumRadiusKm: commons ? CommonsAPI.maximumRadiusKm : nil)
    let text = commons ? "commons: " + place : place
    guard case .success(let source) = SearchQuery.parse(text) else { return [] }
    state.map = nil
    state.searchBar.show(text)
    return startSearch(&state, source, query: text)
}

extension FeedModel {
    /// The next (`step` +1) or previous (-1) loaded photo from the selection that has a place: its index
    /// and the place; nil when there is none that way.
    func placedPhoto(after step: Int) -> (index: Int, place: MapCoordinate)? {
        var index = selection + step
        while index >= 0, index < photos.count {
            if let location = photos[index].location {
                return (index, MapCoordinate(latitude: location.latitude, longitude: location.longitude))
            }
            index += step
        }
        return nil
    }
}
