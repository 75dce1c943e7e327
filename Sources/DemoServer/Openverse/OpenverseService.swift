import Foundation

/// Openverse's image API under `/openverse/v1` over the catalog: result pages (`result_count` capped at
/// 240 and `page_count` at 12 for anonymous clients, `page_size` at most 20), licence filters, one image,
/// thumbnails at `/images/<id>/thumb/`, 4xx answers with `detail`, the 429 rate-limit fault and a
/// registered client's token (OAuth2 client credentials: `DemoAPIKeys.openverseClientID` and secret),
/// short-lived when asked (`OpenverseTokenBook`).
struct OpenverseService: Sendable {
    let catalog: DemoCatalog
    let refusals: Refusals
    let tokens: OpenverseTokenBook

    static let anonymousResultCap = 240
    static let anonymousPageSize = 20

    /// `path` is what follows "/openverse/v1".
    func answer(path: Substring, _ parameters: RequestParameters, base: String, authorization: String? = nil) -> HTTPAnswer {
        if refusals.take() {
            var answer = Self.detail(429, "Request was throttled. Expected available in 1 second.")
            answer.extraHeaders.append(("Retry-After", "1"))
            return answer
        }
        var registered = false
        if let authorization, authorization.hasPrefix("Bearer ") {
            // An unknown or expired token is refused, not taken for an anonymous call.
            guard tokens.use(String(authorization.dropFirst("Bearer ".count))) else { return Self.detail(401, "Invalid token.") }
            registered = true
        }
        let parts = path.split(separator: "/")
        switch parts.count {
        case 1 where parts[0] == "images":
            return search(parameters, base: base, registered: registered)
        case 2 where parts[0] == "images":
            guard let index = Self.index(parts[1], catalog: catalog) else { return Self.detail(404, "Not found.") }
            return .json(.object(result(catalog.photos[index], base: base)))
        default:
            return Self.detail(404, "Not found.")
        }
    }

    /// POST `/auth_tokens/token/` with the demo client's id and secret.
    func token(_ parameters: RequestParameters) -> HTTPAnswer {
        guard parameters["grant_type"] == "client_credentials", parameters["client_id"] == DemoAPIKeys.openverseClientID,
            parameters["client_secret"] == DemoAPIKeys.openverseClientSecret
        else { return .json(.object([("error", .string("invalid_client"))]), status: 401) }
        return .json(
            .object([
                ("access_token", .string(tokens.issue())), ("scope", .string("read write groups")),
                ("expires_in", .int(tokens.lifetime)), ("token_type", .string("Bearer")),
            ]))
    }

    private func search(_ parameters: RequestParameters, base: String, registered: Bool) -> HTTPAnswer {
        let pageSize = parameters.nonEmpty("page_size").flatMap { Int($0) } ?? Self.anonymousPageSize
        guard pageSize >= 1, pageSize <= (registered ? 500 : Self.anonymousPageSize) else {
            return Self.detail(
                registered ? 400 : 401,
                "Anonymous requests may ask for at most \(Self.anonymousPageSize) results a page: page_size \(pageSize).")
        }
        guard let text = parameters.nonEmpty("q") else { return Self.fieldError("q", "This field is required.") }
        var codes = Set<String>()
        for word in (parameters["license"] ?? "").split(separator: ",") { codes.insert(word.lowercased()) }
        for word in (parameters["license_type"] ?? "").split(separator: ",") {
            switch word.lowercased() {
            case "commercial": codes.formUnion(["by", "by-sa", "by-nd", "cc0", "pdm"])
            case "modification": codes.formUnion(["by", "by-sa", "by-nc", "by-nc-sa", "cc0", "pdm"])
            default: break
            }
        }
        var query = RequestParameters()
        query.set("text", text)
        query.set("sort", "relevance")
        var all = (try? FlickrSearch(catalog: catalog).run(query)) ?? []
        if !codes.isEmpty { all = all.filter { codes.contains(Self.license(catalog.photos[$0].license).code) } }
        let count = registered ? all.count : min(all.count, Self.anonymousResultCap)
        let pageCount = (count + pageSize - 1) / pageSize
        let page = parameters.nonEmpty("page").flatMap { Int($0) } ?? 1
        guard page >= 1, page <= max(1, pageCount) else {
            return Self.detail(400, "Invalid page: page must be at most \(max(1, pageCount)).")
        }
        let start = (page - 1) * pageSize
        let slice = start < count ? all[start..<min(count, start + pageSize)] : []
        return .json(
            .object([
                ("result_count", .int(count)), ("page_count", .int(pageCount)), ("page_size", .int(pageSize)), ("page", .int(page)),
                ("results", .array(slice.map { .object(result(catalog.photos[$0], base: base)) })),
                ("warnings", .array([])),
            ]))
    }

    /// The id Openverse gives the catalog photo: a UUID whose last twelve hex digits are the photo's id.
    static func id(_ photo: DemoPhoto) -> String {
        let hex = String(photo.id, radix: 16)
        return "0be4a1d2-7c3e-4f5a-9b6d-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    static func index(_ id: Substring, catalog: DemoCatalog) -> Int? {
        guard id.count == 36, let number = UInt64(id.suffix(12), radix: 16) else { return nil }
        return catalog.photoIndexByID[number]
    }

    /// Openverse's licence code, version and address for a catalog licence id.
    static func license(_ id: Int) -> (code: String, version: String, url: String) {
        switch id {
        case 1: ("by-nc-sa", "2.0", "https://creativecommons.org/licenses/by-nc-sa/2.0/")
        case 2: ("by-nc", "2.0", "https://creativecommons.org/licenses/by-nc/2.0/")
        case 3: ("by-nc-nd", "2.0", "https://creativecommons.org/licenses/by-nc-nd/2.0/")
        case 5: ("by-sa", "2.0", "https://creativecommons.org/licenses/by-sa/2.0/")
        case 6: ("by-nd", "2.0", "https://creativecommons.org/licenses/by-nd/2.0/")
        case 9: ("cc0", "1.0", "https://creativecommons.org/publicdomain/zero/1.0/")
        case 10: ("pdm", "1.0", "https://creativecommons.org/publicdomain/mark/1.0/")
        default: ("by", "2.0", "https://creativecommons.org/licenses/by/2.0/")
        }
    }

    private func result(_ photo: DemoPhoto, base: String) -> [(String, JSONValue)] {
        let owner = catalog.users[photo.ownerIndex]
        let id = Self.id(photo)
        let license = Self.license(photo.license)
        let original = FlickrSize.bySuffix["_o"]
        let (width, height) = original?.dimensions(width: photo.width, height: photo.height) ?? (photo.width, photo.height)
        return [
            ("id", .string(id)), ("title", .string(photo.title)),
            ("indexed_on", .string("2024-05-01T00:00:00Z")),
            ("foreign_landing_url", .string("https://www.flickr.com/photos/\(owner.nsid)/\(photo.idString)")),
            ("url", .string(original?.url(base: base, photo: photo) ?? "")),
            ("creator", .string(owner.username)),
            // Many real results have no creator address.
            ("creator_url", photo.id % 4 == 0 ? .null : .string("https://www.flickr.com/photos/\(owner.nsid)")),
            ("license", .string(license.code)), ("license_version", .string(license.version)), ("license_url", .string(license.url)),
            ("provider", .string("flickr")), ("source", .string("flickr")), ("category", .null), ("genres", .null),
            ("filesize", .null), ("filetype", .string("jpg")),
            (
                "tags",
                .array(photo.tags.map { .object([("accuracy", .null), ("name", .string($0)), ("unstable__provider", .string("flickr"))]) })
            ),
            (
                "attribution",
                .string("\"\(photo.title)\" by \(owner.username) is licensed under CC \(license.code.uppercased()) \(license.version).")
            ),
            ("fields_matched", .array([.string("title")])), ("mature", .bool(false)),
            ("height", .int(height)), ("width", .int(width)),
            ("thumbnail", .string("\(base)/openverse/v1/images/\(id)/thumb/")),
            ("detail_url", .string("\(base)/openverse/v1/images/\(id)/")),
            ("related_url", .string("\(base)/openverse/v1/images/\(id)/related/")),
            ("unstable__sensitivity", .array([])),
        ]
    }

    /// `{"detail": "…"}`, how the API states most refusals.
    static func detail(_ status: Int, _ text: String) -> HTTPAnswer {
        .json(.object([("detail", .string(text))]), status: status)
    }

    /// `{"detail": {"field": ["…"]}}`, for a bad parameter.
    static func fieldError(_ field: String, _ text: String) -> HTTPAnswer {
        .json(.object([("detail", .object([(field, .array([.string(text)]))]))]), status: 400)
    }
}
