import Foundation

/// The legacy 500px v1 endpoints as a router enum (after Alamofire's URLRequestConvertible routers):
/// each case knows its path and query; `request` adds the base URL and the consumer key.
public enum FiveHundredPxRoute: Sendable, Hashable {
    /// `GET /photos?feature=popular&page=N&rpp=50…`
    case popular(page: Int, imageSize: Int = FiveHundredPxRoute.defaultImageSize)
    /// `GET /photos/:id?image_size=N`
    case photo(id: String, imageSize: Int = FiveHundredPxRoute.defaultImageSize)
    /// `GET /photos/:id/comments?page=N`
    case comments(id: String, page: Int)

    public static let defaultBaseURL = URL(string: "https://api.500px.com/v1")!
    public static let photosPerPage = 50
    /// 900 px on the longest edge: big enough for the detail pane, small enough for the grid.
    public static let defaultImageSize = 4
    /// The image_size ids the API documents.
    public static let imageSizes = [1, 2, 3, 4, 5, 20, 21, 30, 1080, 1600, 2048]

    public var path: String {
        switch self {
        case .popular: "/photos"
        case .photo(let id, _): "/photos/\(id)"
        case .comments(let id, _): "/photos/\(id)/comments"
        }
    }

    public var queryItems: [(String, String)] {
        switch self {
        case .popular(let page, let imageSize):
            [
                ("feature", "popular"), ("page", String(page)), ("rpp", String(Self.photosPerPage)),
                ("image_size", String(imageSize)), ("include_store", "store_download"), ("include_states", "1"),
            ]
        case .photo(_, let imageSize): [("image_size", String(imageSize))]
        case .comments(_, let page): [("page", String(page))]
        }
    }

    /// The photo this route is about, for "not found" messages.
    var photoID: String? {
        switch self {
        case .popular: nil
        case .photo(let id, _), .comments(let id, _): id
        }
    }

    /// Checks the route's input, then builds the GET request with `consumer_key` first in the query.
    public func request(baseURL: URL, consumerKey: String) throws(PhotoramaError) -> WebRequest {
        switch self {
        case .popular(let page, let imageSize):
            try InputValidation.page(page)
            try Self.validate(imageSize: imageSize)
        case .photo(let id, let imageSize):
            try Self.validate(id: id)
            try Self.validate(imageSize: imageSize)
        case .comments(let id, let page):
            try Self.validate(id: id)
            try InputValidation.page(page)
        }
        guard let url = QueryEncoding.url(base: baseURL, path: path, items: [("consumer_key", consumerKey)] + queryItems)
        else { throw .invalidInput("The 500px base URL cannot take a query") }
        return WebRequest(url: url)
    }

    static func validate(id: String) throws(PhotoramaError) {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw .invalidInput("A 500px photo ID is a number (got \"\(id)\")")
        }
    }

    static func validate(imageSize: Int) throws(PhotoramaError) {
        guard imageSizes.contains(imageSize) else {
            let allowed = imageSizes.map(String.init).joined(separator: ", ")
            throw .invalidInput("Image size must be one of \(allowed) (got \(imageSize))")
        }
    }
}
