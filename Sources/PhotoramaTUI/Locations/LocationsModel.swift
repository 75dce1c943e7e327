import PhotoramaKit
import PhotoramaText

/// A library location's texts, sanitized once.
struct LocationText: Sendable {
    var emoji: String
    var address: String
    var city: String
    var country: String
    var hours: String

    init(_ location: LibraryLocation) {
        emoji = Sanitizer.singleLine(location.emoji)
        address = Sanitizer.singleLine(location.streetAddress)
        city = Sanitizer.singleLine(location.city)
        country = Sanitizer.singleLine(location.country)
        hours = Sanitizer.singleLine(location.hours)
    }
}

/// The Locations tab: a country prefix typed by the user, the matching library locations, and
/// whether the photos near one of them are shown. Its fields change only through the methods below.
///
/// The tab's names, as one family: a `LibraryLocation` is one row of the locations service; picking one
/// shows the photos near its city (the source `PhotoSource.place`, the feed `feeds[.locations]`); a
/// `FlickrPlace` is where Flickr's places.find puts a city, for the map's pins (`places`).
public struct LocationsModel: Sendable {
    public private(set) var query = ""
    public private(set) var editing = true
    public private(set) var locations: [LibraryLocation] = []
    private(set) var texts: [LocationText] = []
    public private(set) var selection = 0
    private(set) var scroll = 0
    private(set) var token: RequestToken?
    public private(set) var error: PhotoramaError?
    /// Whether an answer has arrived for the current query.
    public private(set) var loaded = false
    /// True while the photos near the chosen location fill the tab.
    public private(set) var showingPhotos = false
    private(set) var requested = false
    /// Where places.find put each city (`LocationText.city`) of the locations shown; asked once per city.
    public private(set) var places: [String: GeoPoint] = [:]
    private var placesAsked: Set<String> = []
    /// The place lookups in flight (a second may start while the first runs: locations loaded with the map open).
    private var placesTokens: Set<RequestToken> = []

    /// At most this many cities are looked up for one map: each is a Flickr request.
    static let maximumPlaceLookups = 40

    // MARK: - The country field
    /// The country field takes the keyboard.
    mutating func edit() {
        editing = true
    }

    /// The country field lets go of the keyboard; the keys move through the list.
    mutating func stopEditing() {
        editing = false
    }

    mutating func type(_ character: Character) {
        query.append(character)
    }

    /// Deletes the last character; false when there was none (nothing to ask for again).
    mutating func deleteBackward() -> Bool {
        guard !query.isEmpty else { return false }
        query.removeLast()
        return true
    }

    // MARK: - The list and the place
    /// Selects a location, kept within the list (0 when it is empty).
    mutating func select(_ index: Int) {
        selection = max(0, min(index, texts.count - 1))
    }

    /// Keeps the selection in the list and within the `rows` in view.
    mutating func keepVisible(rows: Int) {
        selection = max(0, min(selection, texts.count - 1))
        if selection < scroll { scroll = selection }
        if selection >= scroll + rows { scroll = selection - rows + 1 }
        scroll = max(0, scroll)
    }

    /// The photos near the selected location fill the tab; the country field lets go.
    mutating func showPhotos() {
        showingPhotos = true
        editing = false
    }

    /// Back from a location's photos to the list.
    mutating func showList() {
        showingPhotos = false
    }

    // MARK: - Loading
    /// A question for the current query is on its way with `token`; returns the one it replaces, to cancel.
    mutating func beginRequest(_ token: RequestToken) -> RequestToken? {
        let replaced = self.token
        self.token = token
        requested = true
        loaded = false
        return replaced
    }

    // MARK: - Places for the map
    /// The cities of the locations shown that have not been looked up yet (at most
    /// `maximumPlaceLookups` a session), in list order.
    var citiesToFind: [String] {
        var cities: [String] = []
        var seen = placesAsked
        for text in texts where !text.city.isEmpty && !seen.contains(text.city) {
            guard seen.count < Self.maximumPlaceLookups else { break }
            seen.insert(text.city)
            cities.append(text.city)
        }
        return cities
    }

    /// `cities` are being looked up; their answer comes under `token`.
    mutating func asked(_ cities: [String], token: RequestToken) {
        placesAsked.formUnion(cities)
        placesTokens.insert(token)
    }

    mutating func receivePlaces(token: RequestToken, _ found: [String: GeoPoint]) {
        guard placesTokens.remove(token) != nil else { return }
        places.merge(found) { _, new in new }
    }

    /// The cities shown with a known place: the city as the label and the place, in list order, each city
    /// once. The flag stays off the map: terminals and tmux disagree on its width (tmux 3.3 draws 〓).
    var placedCities: [(label: String, point: GeoPoint)] {
        var seen: Set<String> = []
        return texts.compactMap { text in
            guard let point = places[text.city], seen.insert(text.city).inserted else { return nil }
            return (text.city, point)
        }
    }

    // MARK: - Answers
    /// The answer to the question asked with `token` (any other is stale and ignored): the list starts over
    /// at its first location; a failure keeps the list and shows why, unless it was a cancellation.
    mutating func receive(token: RequestToken, _ result: Result<[LibraryLocation], PhotoramaError>) {
        guard self.token == token else { return }
        self.token = nil
        switch result {
        case .success(let locations):
            error = nil
            loaded = true
            self.locations = locations
            texts = locations.map(LocationText.init)
            selection = 0
            scroll = 0
        case .failure(let error):
            if error.isUserVisible { self.error = error }
        }
    }

    /// `r`: the last failure is forgotten before asking again.
    mutating func clearError() {
        error = nil
    }
}
