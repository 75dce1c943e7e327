/// The tabs across the header, numbered as their keys.
public enum Tab: Int, CaseIterable, Sendable, Codable {
    case recent = 1
    case popular, search, locations, saved
    case explore
    case favorites

    public var title: String {
        switch self {
        case .recent: "Recent"
        case .popular: "Popular"
        case .search: "Search"
        case .locations: "Locations"
        case .saved: "Saved"
        case .explore: "Explore"
        case .favorites: "Favourites"
        }
    }

    /// For terminals narrower than 80 columns.
    var shortTitle: String {
        switch self {
        case .recent: "Rec"
        case .popular: "Pop"
        case .search: "Find"
        case .locations: "Loc"
        case .saved: "Sav"
        case .explore: "Exp"
        case .favorites: "Fav"
        }
    }
}
