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
/// whether the photos near one of them are shown.
public struct LocationsModel: Sendable {
    public internal(set) var query = ""
    public internal(set) var editing = true
    public internal(set) var locations: [LibraryLocation] = []
    var texts: [LocationText] = []
    public internal(set) var selection = 0
    var scroll = 0
    var token: RequestToken?
    public internal(set) var error: PhotoramaError?
    /// Whether an answer has arrived for the current query.
    public internal(set) var loaded = false
    /// True while the photos near the chosen location fill the tab.
    public internal(set) var showingPlace = false
    var requested = false
}
