import Foundation

/// The 500px v1 routes as `Resource` values. The public API was shut down in 2018; this works against
/// compatible servers such as the embedded demo server.
public struct FiveHundredPxAPI: Sendable {
    /// The setting the user must fill in; named in every "key missing" message.
    public static let consumerKeySetting = "PX500_CONSUMER_KEY"

    public var baseURL: URL
    public var consumerKey: String
    /// NSFW photos are left out of lists unless this is set.
    public var includeNSFW: Bool
    public var parseMode: ParseMode
    /// How `popular` is read: from the bytes (`FiveHundredPxListReader`, the tree for errors and rare forms)
    /// or through the tree alone (the reference).
    public var listReading: ListReading = .bytes

    public init(
        baseURL: URL = FiveHundredPxRoute.defaultBaseURL, consumerKey: String, includeNSFW: Bool = false,
        parseMode: ParseMode = .tolerant
    ) {
        self.baseURL = baseURL
        self.consumerKey = consumerKey
        self.includeNSFW = includeNSFW
        self.parseMode = parseMode
    }

    public func popular(page: Int = 1, imageSize: Int = FiveHundredPxRoute.defaultImageSize) throws(PhotoramaError) -> Resource<Page<Photo>>
    {
        let includeNSFW = includeNSFW
        let mode = parseMode
        let tree = try resource(.popular(page: page, imageSize: imageSize)) { root throws(PhotoramaError) in
            try FiveHundredPxParser.popular(root, includeNSFW: includeNSFW, imageSize: imageSize, mode: mode)
        }
        guard listReading == .bytes else { return tree }
        return Resource(request: tree.request) { response throws(PhotoramaError) in
            if let page = FiveHundredPxListReader.page(response, includeNSFW: includeNSFW, imageSize: imageSize, mode: mode) { return page }
            return try tree.parse(response)
        }
    }

    public func photo(id: String, imageSize: Int = FiveHundredPxRoute.defaultImageSize) throws(PhotoramaError) -> Resource<PhotoDetail> {
        try resource(.photo(id: id, imageSize: imageSize)) { root throws(PhotoramaError) in
            try FiveHundredPxParser.detail(root, imageSize: imageSize)
        }
    }

    public func comments(id: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<PhotoComment>> {
        let mode = parseMode
        return try resource(.comments(id: id, page: page)) { root throws(PhotoramaError) in
            try FiveHundredPxParser.comments(root, mode: mode)
        }
    }

    public func resource<A>(
        _ route: FiveHundredPxRoute, parse: @escaping @Sendable (JSONValue) throws(PhotoramaError) -> A
    ) throws(PhotoramaError) -> Resource<A> {
        let request = try route.request(baseURL: baseURL, consumerKey: consumerKey)
        let redactor = Redactor(secrets: [consumerKey])
        return Resource(request: request) { response throws(PhotoramaError) in
            try Self.checkStatus(response, route: route, redactor: redactor)
            guard response.bodyLooksLikeJSON else { throw .notJSON(contentType: response.contentType) }
            return try parse(try JSONValue.parse(response.body))
        }
    }

    /// Maps error statuses to messages a user can act on; the server's own `error` text is used when
    /// it helps, with the key scrubbed from it.
    static func checkStatus(_ response: WebResponse, route: FiveHundredPxRoute, redactor: Redactor) throws(PhotoramaError) {
        let status = response.status
        guard !(200..<300).contains(status) else { return }
        let serverText =
            response.bodyLooksLikeJSON
            ? (try? JSONValue.parse(response.body))?["error"]?.nonEmptyString.map { redactor.redact($0) } : nil
        switch status {
        case 401:
            throw .api(code: 401, message: "Consumer key missing or not accepted. Set \(consumerKeySetting)")
        case 403:
            let detail = serverText.map { " (\($0))" } ?? ""
            throw .api(code: 403, message: "Access denied\(detail). Check \(consumerKeySetting)")
        case 404 where route.photoID != nil:
            throw .api(code: 404, message: "Photo \(route.photoID ?? "") not found")
        default:
            if let serverText { throw .api(code: status, message: serverText) }
            throw .httpStatus(status)
        }
    }
}
