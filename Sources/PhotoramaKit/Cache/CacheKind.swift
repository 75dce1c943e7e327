import Foundation

/// What a cached answer is, which decides how long it stays fresh. Derived from the request alone, so
/// every resource that goes through `Webservice` is cached without knowing about the cache.
public enum CacheKind: String, Sendable, CaseIterable {
    case recent
    case search
    case info
    case image

    /// How long an entry may be served without asking the server again.
    public var freshness: TimeInterval {
        switch self {
        case .recent: return 2 * 60
        case .search: return 60 * 60
        case .info: return 24 * 60 * 60
        case .image: return 30 * 24 * 60 * 60
        }
    }

    /// nil for requests that are never cached: anything but GET, and signed calls (an account's own
    /// answers; the cache key leaves credentials out, so a stored one could answer another account).
    public static func of(_ request: WebRequest) -> CacheKind? {
        guard request.method == .get, request.oauth == nil, request.header("Authorization") == nil else { return nil }
        if request.limits == .image { return .image }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = components?.path.lowercased() ?? ""
        for suffix in [".jpg", ".jpeg", ".png", ".gif", ".webp"] where path.hasSuffix(suffix) { return .image }
        if let method = components?.queryItems?.first(where: { $0.name == "method" })?.value {
            switch method {
            case "flickr.photos.getRecent": return .recent
            case "flickr.photos.search", "flickr.galleries.getPhotos", "flickr.people.getPhotos",
                "flickr.people.getPublicPhotos", "flickr.interestingness.getList", "flickr.groups.pools.getPhotos",
                "flickr.photosets.getPhotos":
                return .search
            default: return .info  // getInfo, getSizes, comments, places, user look-ups
            }
        }
        // 500px v1: /photos/{id} and /photos/{id}/comments describe one photo; /photos lists.
        let parts = path.split(separator: "/")
        if let index = parts.lastIndex(of: "photos"), index + 1 < parts.count { return .info }
        return .search
    }
}
