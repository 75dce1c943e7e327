import PhotoramaText

/// What a feed shows: one paged list of photos from one provider.
public enum PhotoSource: Sendable, Hashable, Codable {
    case recent
    case search(text: String)
    /// Radius in kilometres.
    case geo(latitude: Double, longitude: Double, radiusKm: Double)
    case gallery(id: String)
    case user(id: String)
    /// Photos carrying one tag (Flickr's tags search), as opened from the detail pane.
    case tag(String)
    case popular
    /// A place name resolved with Flickr's places.find, then searched by location.
    case place(name: String)
    /// The signed-in account's favourites, own photos, and contacts' photos (`FlickrAccountAPI`, `FlickrMemberAPI`).
    case favorites, mine, contacts
    /// A Flickr album (photoset) by id.
    case album(id: String)
    /// A Flickr group's pool: the group's NSID, or its flickr.com/groups/NAME address (looked up first).
    case group(id: String)
    /// Flickr's Explore for a day (YYYY-MM-DD), or the latest day.
    case explore(date: String?)
    /// A text search limited to licences (Flickr's ids).
    case licensedSearch(text: String, licenses: [Int])
    /// Files of Wikimedia Commons whose text matches.
    case commonsSearch(text: String)
    /// Files of Wikimedia Commons around a point (radius in kilometres, at most `CommonsAPI.maximumRadiusKm`).
    case commonsGeo(latitude: Double, longitude: Double, radiusKm: Double)
    /// Openverse's image search, limited to Openverse licence codes ("by", "by-sa", "cc0" …) when any are given.
    case openverseSearch(text: String, licenses: [String])

    public var provider: Provider {
        switch self {
        case .popular: .fiveHundredPx
        case .commonsSearch, .commonsGeo: .commons
        case .openverseSearch: .openverse
        default: .flickr
        }
    }

    /// A short label for headers and status lines ("Search “cats”", "Near 48.8566, 2.3522").
    public var label: String {
        switch self {
        case .recent: "Recent"
        case .search(let text): "Search “\(text)”"
        case .geo(let lat, let lon, let radius):
            "Near \(NumberText.decimal(lat)), \(NumberText.decimal(lon)) (\(NumberText.decimal(radius)) km)"
        case .gallery(let id): "Gallery \(id)"
        case .user(let id): "User \(id)"
        case .tag(let tag): "Tag “\(tag)”"
        case .popular: "Popular"
        case .place(let name): "Near \(name)"
        case .favorites: "Favourites"
        case .mine: "Your photos"
        case .contacts: "Contacts' photos"
        case .album(let id): "Album \(id)"
        case .group(let id): "Group \(id)"
        case .explore(let date): date.map { "Explore \($0)" } ?? "Explore"
        case .licensedSearch(let text, let licenses): "Search “\(text)” licence \(LicenseIDs.parameter(licenses))"
        case .commonsSearch(let text): "Commons “\(text)”"
        case .commonsGeo(let lat, let lon, let radius):
            "Commons near \(NumberText.decimal(lat)), \(NumberText.decimal(lon)) (\(NumberText.decimal(radius)) km)"
        case .openverseSearch(let text, let licenses):
            licenses.isEmpty ? "Openverse “\(text)”" : "Openverse “\(text)” licence \(licenses.joined(separator: ","))"
        }
    }

    /// Lists only a signed-in account can see.
    public var needsSignIn: Bool {
        switch self {
        case .favorites, .mine, .contacts: true
        default: false
        }
    }
}

#if canImport(Foundation)
    import Foundation
#endif
