import PhotoramaScreen

// MARK: - The Locations tab's keys
/// The country field and the list of locations, as functions of the model: each changes only the model and
/// hands back an `Outcome`; a key it does not own (Tab, Shift-Tab, Enter) gives nil and the root handles it.
extension LocationsModel {
    /// The country field: every change asks for the matching locations; the other keys move through the
    /// list (`listKey`). nil for Tab and Shift-Tab (the global keys) and Enter (the root opens the photos).
    mutating func countryKey(_ key: Key, _ action: KeyAction?, rows: Int, tokens: inout RequestTokens) -> Outcome? {
        switch (key, action) {
        case (.character(let c), _):
            type(c)
            return .effects(request(tokens: &tokens))
        case (.backspace, _), (.ctrl("h"), _):
            guard deleteBackward() else { return .nothing }
            return .effects(request(tokens: &tokens))
        case (.escape, _):
            stopEditing()
            return .nothing
        case (.tab, _), (.backTab, _):
            return nil
        default:
            return listKey(key, action, rows: rows, tokens: &tokens)
        }
    }

    /// Moving through the list, `rows` to a page; `r` asks again after a failure. nil for Enter: the root
    /// opens the selected location's photos (`selectedCity`).
    mutating func listKey(_ key: Key, _ action: KeyAction?, rows: Int, tokens: inout RequestTokens) -> Outcome? {
        switch (key, action) {
        case (.up, _), (_, .up?): select(selection - 1)
        case (.down, _), (_, .down?): select(selection + 1)
        case (.pageUp, _): select(selection - rows)
        case (.pageDown, _): select(selection + rows)
        case (.home, _), (_, .first?): select(0)
        // G is the bottom of a list, as in vi: the gallery's key elsewhere.
        case (.end, _), (_, .gallery?): select(texts.count - 1)
        case (.enter, _): return nil
        case (_, .retry?):
            clearError()
            return .effects(request(tokens: &tokens))
        default: select(selection)
        }
        return .nothing
    }

    /// Asks for the locations matching the typed country prefix, cancelling the previous question.
    mutating func request(tokens: inout RequestTokens) -> [Effect] {
        let token = tokens.next()
        let replaced = beginRequest(token)
        return (replaced.map { [.cancel($0)] } ?? []) + [.loadLocations(country: query.trimmingWhitespace(), token: token)]
    }

    /// While the map is open: places.find for the cities shown that have not been looked up yet.
    mutating func findPlaces(tokens: inout RequestTokens) -> [Effect] {
        let cities = citiesToFind
        guard !cities.isEmpty else { return [] }
        let token = tokens.next()
        asked(cities, token: token)
        return [.findPlaces(cities, token: token)]
    }

    /// The selected location's city, whose photos Enter shows; nil when there is none.
    var selectedCity: String? {
        guard selection < locations.count else { return nil }
        let city = locations[selection].city.trimmingWhitespace()
        return city.isEmpty ? nil : city
    }
}

/// A key for the Locations tab (the country field while `typing`, else the list): the model takes it; Enter
/// opens the selected location's photos, Tab and Shift-Tab are the global keys.
func handleLocationsKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?, typing: Bool) -> [Effect] {
    let rows = max(1, ScreenLayout(state).body.height - 1)
    let outcome =
        typing
        ? state.locations.countryKey(key, action, rows: rows, tokens: &state.tokens)
        : state.locations.listKey(key, action, rows: rows, tokens: &state.tokens)
    if let outcome { return state.apply(outcome) }
    if key == .enter { return openLocationPhotos(&state) }
    return handleGlobalKey(&state, key, action) ?? []
}

/// Shows Flickr photos taken near the selected location's city.
func openLocationPhotos(_ state: inout AppState) -> [Effect] {
    guard let city = state.locations.selectedCity else { return [] }
    let cancels = state.feeds[.locations].inFlightTokens.map(Effect.cancel)
    state.feeds.replace(.locations, with: FeedModel(source: .place(name: city), query: city))
    state.locations.showPhotos()
    state.detail.reset()
    return cancels
}
