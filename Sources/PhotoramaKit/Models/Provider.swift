/// Where a photo comes from. The raw value is what `--format json` prints.
public enum Provider: String, Sendable, Hashable, Codable, CaseIterable {
    case flickr
    case fiveHundredPx = "500px"

    public var displayName: String {
        switch self {
        case .flickr: "Flickr"
        case .fiveHundredPx: "500px"
        }
    }
}
