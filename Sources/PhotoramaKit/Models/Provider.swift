import PhotoramaText

/// Where a photo comes from. The raw value is what `--format json` prints.
public enum Provider: String, Sendable, Hashable, Codable, CaseIterable {
    case flickr
    case fiveHundredPx = "500px"

    /// "flickr or 500px", for help texts and messages.
    public static var choices: String { ChoiceList.or(allCases.map(\.rawValue)) }

    public var displayName: String {
        switch self {
        case .flickr: "Flickr"
        case .fiveHundredPx: "500px"
        }
    }
}
