/// Where a photo comes from. The raw value is what `--format json` prints.
public enum Provider: String, Sendable, Hashable, Codable, CaseIterable {
    case flickr
    case fiveHundredPx = "500px"
    /// Wikimedia Commons through the MediaWiki Action API (no key).
    case commons
    /// Openverse's image search (no key; an optional registered client raises its limits).
    case openverse

    public var displayName: String {
        switch self {
        case .flickr: "Flickr"
        case .fiveHundredPx: "500px"
        case .commons: "Wikimedia Commons"
        case .openverse: "Openverse"
        }
    }
}
