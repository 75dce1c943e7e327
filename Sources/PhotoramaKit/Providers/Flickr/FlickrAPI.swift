import Foundation
import PhotoramaText

/// Flickr's REST methods as `Resource` values. Building one validates the input and does no I/O;
/// invalid input throws `.invalidInput` and no request exists.
public struct FlickrAPI: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.flickr.com/services/rest")!
    /// What the grid, the detail pane and `--format json` need, in one request.
    public static let extras = [
        "date_taken", "owner_name", "description", "tags", "geo", "views", "o_dims", "license",
        "url_sq", "url_q", "url_m", "url_z", "url_l", "url_h",
    ].joined(separator: ",")
    /// Geo searches without another filter only return the last 12 hours; a minimum upload date
    /// (2000-01-01) counts as that filter and excludes nothing real.
    static let geoMinUploadDate = "946684800"

    public var baseURL: URL
    public var apiKey: String
    public var perPage: Int
    /// `safe_search` on photo lists (1, safe, unless the config file says otherwise).
    public var safeSearch: SafeSearch = .safe
    public var parseMode: ParseMode
    /// The signed-in account's credentials: the account methods (`FlickrAccountAPI.swift`) are signed
    /// with them; the public lists stay unsigned, so they are cached as before.
    public var oauth: OAuthCredentials?
    /// How photo lists are read: straight from the bytes (`FlickrPhotoListReader`, falling back to the tree
    /// for errors and rare forms) or through the `JSONValue` tree alone, the reference the fuzz target and
    /// the benchmark compare with.
    public var listReading: ListReading = .bytes

    public init(baseURL: URL = defaultBaseURL, apiKey: String, perPage: Int = 100, parseMode: ParseMode = .tolerant) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.perPage = perPage
        self.parseMode = parseMode
    }

    // MARK: - Photo lists

    public func recent(page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try photoList("flickr.photos.getRecent", [], page: page)
    }

    public func search(text: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let text = try InputValidation.searchText(text)
        return try photoList("flickr.photos.search", [("text", text)], page: page)
    }

    /// Photos tagged `tag` (one tag: Flickr splits `tags` at commas, so a comma is refused).
    public func search(tag: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let tag = try InputValidation.nonEmpty(tag, "Tag")
        guard !tag.contains(",") else { throw .invalidInput("A tag must not contain a comma") }
        return try photoList("flickr.photos.search", [("tags", tag)], page: page)
    }

    public func search(
        latitude: Double, longitude: Double, radiusKm: Double = InputValidation.defaultRadiusKm, page: Int = 1
    ) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try InputValidation.place(latitude: latitude, longitude: longitude, radiusKm: radiusKm)
        return try photoList(
            "flickr.photos.search",
            [
                ("lat", NumberText.decimal(latitude)), ("lon", NumberText.decimal(longitude)),
                ("radius", NumberText.decimal(radiusKm)), ("radius_units", "km"),
                ("min_upload_date", Self.geoMinUploadDate),
            ],
            page: page)
    }

    public func gallery(id: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let id = try InputValidation.nonEmpty(id, "Gallery ID")
        return try photoList("flickr.galleries.getPhotos", [("gallery_id", id)], page: page)
    }

    public func user(id: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let id = try InputValidation.nonEmpty(id, "User ID")
        return try photoList("flickr.people.getPublicPhotos", [("user_id", id)], page: page)
    }

    // MARK: - One photo

    public func info(id: String) throws(PhotoramaError) -> Resource<PhotoDetail> {
        let id = try InputValidation.nonEmpty(id, "Photo ID")
        return try call("flickr.photos.getInfo", [("photo_id", id)]) { root throws(PhotoramaError) in
            try FlickrDetailParser.info(root)
        }
    }

    public func sizes(id: String) throws(PhotoramaError) -> Resource<[PhotoImage]> {
        let id = try InputValidation.nonEmpty(id, "Photo ID")
        return try call("flickr.photos.getSizes", [("photo_id", id)]) { root throws(PhotoramaError) in
            try FlickrDetailParser.sizes(root)
        }
    }

    public func comments(id: String) throws(PhotoramaError) -> Resource<Page<PhotoComment>> {
        let id = try InputValidation.nonEmpty(id, "Photo ID")
        let mode = parseMode
        return try call("flickr.photos.comments.getList", [("photo_id", id)]) { root throws(PhotoramaError) in
            try FlickrDetailParser.comments(root, mode: mode)
        }
    }

    // MARK: - Other

    public func findPlace(_ query: String) throws(PhotoramaError) -> Resource<[FlickrPlace]> {
        let query = try InputValidation.nonEmpty(query, "Place name")
        return try call("flickr.places.find", [("query", query)]) { root throws(PhotoramaError) in
            try FlickrDetailParser.places(root)
        }
    }

    /// flickr.test.echo as a POST with a form body: the parameters come back as the answer.
    public func echo(_ parameters: [String: String]) throws(PhotoramaError) -> Resource<[String: String]> {
        let items = commonItems("flickr.test.echo") + parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let request = WebRequest(
            method: .post, url: baseURL,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(QueryEncoding.query(items).utf8))
        let redactor = Redactor(secrets: [apiKey])
        return Resource(request: request) { response throws(PhotoramaError) in
            var echoed = FlickrDetailParser.echo(try FlickrEnvelope.open(response, redactor: redactor))
            if echoed["api_key"] != nil { echoed["api_key"] = "***" }
            return echoed
        }
    }

    // MARK: - Building

    func commonItems(_ method: String) -> [(String, String)] {
        [("method", method), ("api_key", apiKey), ("format", "json"), ("nojsoncallback", "1")]
    }

    func photoList(
        _ method: String, _ items: [(String, String)], page: Int, signed: Bool = false
    ) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try InputValidation.perPage(perPage)
        try InputValidation.page(page)
        let mode = parseMode
        let listItems =
            items + [
                ("extras", Self.extras), ("safe_search", safeSearch.flickrValue), ("per_page", String(perPage)), ("page", String(page)),
            ]
        let resource = try call(method, listItems, signed: signed) { root throws(PhotoramaError) in
            try FlickrPhotoParser.page(root, mode: mode)
        }
        return readingBytes(resource, list: "photos")
    }

    /// `resource` read by `FlickrPhotoListReader` first when `listReading` is `.bytes`; whatever it leaves
    /// (errors, rare forms) goes to the resource's own parse.
    func readingBytes(_ resource: Resource<Page<Photo>>, list: StaticString) -> Resource<Page<Photo>> {
        guard listReading == .bytes else { return resource }
        let mode = parseMode
        let reference = resource.parse
        return Resource(request: resource.request) { response throws(PhotoramaError) in
            if let page = FlickrPhotoListReader.page(response, list: list, mode: mode) { return page }
            return try reference(response)
        }
    }

    /// A GET of `method`; `signed` calls carry the account's OAuth signature and no `api_key` (the
    /// consumer key travels as oauth_consumer_key), and are refused at once without an account.
    func call<A>(
        _ method: String, _ items: [(String, String)], signed: Bool = false, httpMethod: HTTPMethod = .get,
        parse: @escaping @Sendable (JSONValue) throws(PhotoramaError) -> A
    ) throws(PhotoramaError) -> Resource<A> {
        var common = commonItems(method)
        var signing: OAuthSigning?
        if signed {
            guard let oauth, oauth.token != nil else { throw Self.notSignedIn }
            common.removeAll { $0.0 == "api_key" }
            signing = OAuthSigning(credentials: oauth)
        }
        let request: WebRequest
        if httpMethod == .post {
            request = WebRequest(
                method: .post, url: baseURL, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(QueryEncoding.query(common + items).utf8), oauth: signing)
        } else {
            guard let url = QueryEncoding.url(base: baseURL, items: common + items) else {
                throw .invalidInput("The Flickr base URL cannot take a query")
            }
            request = WebRequest(url: url, oauth: signing)
        }
        var redactor = Redactor(secrets: [apiKey])
        if let oauth { redactor = redactor.adding(oauth) }
        return Resource(request: request) { [redactor] response throws(PhotoramaError) in
            let root: JSONValue
            do throws(PhotoramaError) {
                root = try FlickrEnvelope.open(response, redactor: redactor)
            } catch .api(let code, _) where signed && Self.rejectedTokenCodes.contains(code) {
                throw Self.signInRejected
            }
            return try parse(root)
        }
    }
}
