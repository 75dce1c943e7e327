/// How strictly services filter photos: Flickr's `safe_search` levels; 500px includes NSFW photos only
/// when the level is not `safe`.
public enum SafeSearch: String, CaseIterable, Sendable {
    case safe, moderate, restricted

    /// Flickr's parameter value.
    public var flickrValue: String {
        switch self {
        case .safe: "1"
        case .moderate: "2"
        case .restricted: "3"
        }
    }
}
