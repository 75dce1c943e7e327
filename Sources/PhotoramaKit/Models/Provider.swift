import PhotoramaText

/// Where a photo comes from. The raw value is what `--format json` prints.
public enum Provider: String, Sendable, Hashable, Codable, CaseIterable {
    case flickr
    case fiveHundredPx = "500px"
    /// Wikimedia Commons through the MediaWiki Action API (no key).
    case commons
    /// Openverse's image search (no key; an optional registered client raises its limits).
    case openverse

    /// "flickr or 500px", for help texts and messages.
    public static var choices: String { ChoiceList.or(allCases.map(\.rawValue)) }

    public var displayName: String {
        switch self {
        case .flickr: "Flickr"
        case .fiveHundredPx: "500px"
        case .commons: "Wikimedia Commons"
        case .openverse: "Openverse"
        }
    }
}
