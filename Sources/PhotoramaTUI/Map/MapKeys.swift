import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen

/// `m`: the map opens over the grid, its cross-hair on the selected photo when it has a place; the
/// Locations tab's cities are looked up to be shown as labelled places.
func openMap(_ state: inout AppState) -> [Effect] {
    let at = state.currentFeed?.selectedPhoto?.location.map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
    state.map = MapModel(crosshair: at)
    return findLocationPlaces(&state)
}

/// While the map is open: places.find for the Locations tab's cities not looked up yet.
func findLocationPlaces(_ state: inout AppState) -> [Effect] {
    guard state.map != nil else { return [] }
    let cities = state.locations.citiesToFind
    guard !cities.isEmpty else { return [] }
    let token = state.makeToken()
    state.locations.asked(cities, token: token)
    return [.findPlaces(cities, token: token)]
}

/// The open map: arrows (h j k l) move the cross-hair, `+` `-` zoom, `n` `p` select the next or previous
/// photo with a place (the grid's selection moves too, the cross-hair goes to it), Enter searches near the cross-hair, Esc, `m` or
/// `q` close it. `?` shows the key bindings over it.
func handleMapKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    guard var map = state.map else { return [] }
    let area = ScreenLayout(state).map
    switch (key, action) {
    case (.escape, _), (_, .map?), (_, .quit?):
        state.map = nil
        return []
    case (.left, _), (_, .left?): map.move(rows: 0, columns: -1, in: area)
    case (.right, _), (_, .right?): map.move(rows: 0, columns: 1, in: area)
    case (.up, _), (_, .up?): map.move(rows: -1, columns: 0, in: area)
    case (.down, _), (_, .down?): map.move(rows: 1, columns: 0, in: area)
    case (.character("+"), _), (.character("="), _): map.zoom(by: 1)
    case (.character("-"), _), (.character("_"), _): map.zoom(by: -1)
    case (.character("n"), _), (.character("p"), _):
        if let place = selectPlacedPhoto(&state, step: key == .character("n") ? 1 : -1) { map.jump(to: place, in: area) }
    case (_, .help?): state.overlay = .help(scroll: 0)
    case (.enter, _): return searchNearCrosshair(&state, map: map, area: area)
    default: break
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

/// Moves the feed's selection to the next (or previous) loaded photo that has a place; returns the place.
func selectPlacedPhoto(_ state: inout AppState, step: Int) -> MapCoordinate? {
    guard let tab = state.currentFeedTab else { return nil }
    let photos = state.feed(for: tab).photos
    var index = state.feed(for: tab).selection + step
    while index >= 0, index < photos.count {
        if let location = photos[index].location {
            let target = index
            moveSelection(&state, tab) { _ in target }
            return MapCoordinate(latitude: location.latitude, longitude: location.longitude)
        }
        index += step
    }
    return nil
}
