import Foundation

/// Wikimedia Commons through the MediaWiki Action API (`api.php`) as `Resource` values. No key; what the
/// API etiquette asks is kept here: a User-Agent naming Photorama and a contact, and `maxlag` on every
/// request (a lag error is retried after the wait the server asks, by `RetryPolicy`).
public struct CommonsAPI: Sendable {
    public static let defaultURL = URL(string: "https://commons.wikimedia.org/w/api.php")!
    /// Files per page of a search; the grid's first screen and a little more.
    public static let pageSize = 50
    /// `geosearch` takes a radius of 10 to 10,000 metres.
    public static let maximumRadiusKm = 10.0
    /// Seconds of database lag we accept before the server asks us to come back later.
    public static let maxlag = 5
    /// The thumbnail width lists ask for; larger renditions are made from its address (`CommonsParser`).
    public static let thumbnailWidth = 320

    public var apiURL: URL
    /// Sent with every request, as Wikimedia's User-Agent policy asks (`UserAgent.value`).
    public var userAgent: String
    public var listReading: ListReading = .bytes

    public init(apiURL: URL = CommonsAPI.defaultURL, userAgent: String = UserAgent.standard) {
        self.apiURL = apiURL
        self.userAgent = userAgent
    }

    /// Files (namespace 6) whose text matches, `pageSize` a page, each with its thumbnail and metadata.
    public func search(text: String, page: Int) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try searchList(text: text, page: page).pageResource
    }

    /// Files around a point, nearest first; one page (the API has no offset for it).
    public func nearby(latitude: Double, longitude: Double, radiusKm: Double, page: Int) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try nearbyList(latitude: latitude, longitude: longitude, radiusKm: radiusKm, page: page).pageResource
    }

    /// A search page as a list that follows the API's continuation of imageinfo (`PhotoService.page`).
    public func searchList(text: String, page: Int) throws(PhotoramaError) -> CommonsList {
        let text = try InputValidation.searchText(text)
        try InputValidation.page(page)
        let offset = (page - 1) * Self.pageSize
        return CommonsList(
            api: self,
            items: [
                ("generator", "search"), ("gsrnamespace", "6"), ("gsrsearch", text), ("gsrlimit", String(Self.pageSize)),
                ("gsroffset", String(offset)),
            ], page: page, offset: offset)
    }

    public func nearbyList(latitude: Double, longitude: Double, radiusKm: Double, page: Int) throws(PhotoramaError) -> CommonsList {
        try InputValidation.place(
            latitude: latitude, longitude: longitude, radiusKm: radiusKm, maximumKm: Self.maximumRadiusKm, service: "Commons")
        try InputValidation.page(page)
        let metres = min(10_000, max(10, Int((radiusKm * 1000).rounded())))
        return CommonsList(
            api: self,
            items: [
                ("generator", "geosearch"), ("ggsnamespace", "6"), ("ggscoord", "\(latitude)|\(longitude)"),
                ("ggsradius", String(metres)), ("ggslimit", String(Self.pageSize)),
            ], page: page, offset: 0)
    }

    /// One file by its title ("File:Name.jpg", the id Commons photos carry).
    public func file(title: String) throws(PhotoramaError) -> Resource<PhotoDetail> {
        let title = try InputValidation.nonEmpty(title, "File title")
        let request = try request([("titles", title.hasPrefix("File:") ? title : "File:" + title)])
        let reading = listReading
        return Resource(request: request) { response throws(PhotoramaError) in
            let root = try Self.root(response, reading: reading)
            guard let detail = try CommonsParser.detail(root) else {
                throw .invalidInput("No image file \"\(title)\" on Wikimedia Commons")
            }
            return detail
        }
    }

    /// One answer of a list: from the bytes (`CommonsAnswerReader`) when `listReading` is `.bytes` and the
    /// reader is sure, else through the tree, which also gives every error.
    func answerResource(_ request: WebRequest) -> Resource<CommonsAnswer> {
        let reading = listReading
        return Resource(request: request) { response throws(PhotoramaError) in
            if reading == .bytes, let answer = CommonsAnswerReader.answer(response) { return answer }
            return CommonsParser.answer(try Self.root(response, reading: reading))
        }
    }

    /// The query every call shares: JSON in formatversion 2, imageinfo with a thumbnail, coordinates, maxlag.
    /// `continuing`: a `continue` block's values, which replace or join the query's own.
    func request(_ items: [(String, String)], continuing: [String: String] = [:]) throws(PhotoramaError) -> WebRequest {
        let common: [(String, String)] = [
            ("action", "query"), ("format", "json"), ("formatversion", "2"), ("prop", "imageinfo|coordinates"),
            ("iiprop", "url|size|mime|extmetadata|user"), ("iiurlwidth", String(Self.thumbnailWidth)),
            ("iiextmetadatafilter", CommonsParser.metadataKeys.joined(separator: "|")), ("colimit", "max"),
        ]
        let asked = (common + items).map { name, value in (name, continuing[name] ?? value) }
        let added = continuing.filter { name, _ in !asked.contains { $0.0 == name } }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        guard let url = QueryEncoding.url(base: apiURL, items: asked + added + [("maxlag", String(Self.maxlag))]) else {
            throw .invalidInput("The Commons API address cannot take a query")
        }
        return WebRequest(url: url, headers: [("User-Agent", userAgent)])
    }

    /// The answer's JSON: an error status, a body that is not JSON (an HTML error page) and `{"error": …}`
    /// each give one line.
    static func root(_ response: WebResponse, reading: ListReading) throws(PhotoramaError) -> JSONValue {
        let root = try response.jsonDocument(reading: reading)
        try CommonsParser.checkError(root)
        try response.validateStatus()
        return root
    }
}

/// A page of a Commons list and how to ask for it: the first answer's resource, and the one that goes on
/// where an answer's `continue` block says the batch's imageinfo goes on (`iicontinue`). Commons sends
/// the imageinfo of a large batch in parts; without following them the files of later parts would be lost.
public struct CommonsList: Sendable {
    let api: CommonsAPI
    let items: [(String, String)]
    public let page: Int
    public let offset: Int
    /// At most this many answers for one page: a server that never completes its batch cannot hold the page.
    public static let maximumAnswers = 10

    /// The first answer.
    public func first() throws(PhotoramaError) -> Resource<CommonsAnswer> {
        api.answerResource(try api.request(items))
    }

    /// The answer after `answer` in its batch, nil when the batch is complete.
    public func next(after answer: CommonsAnswer) throws(PhotoramaError) -> Resource<CommonsAnswer>? {
        guard !answer.batchContinuation.isEmpty else { return nil }
        return api.answerResource(try api.request(items, continuing: answer.batchContinuation))
    }

    /// The first answer alone, as a page (what a caller that sends one request gets).
    public var pageResource: Resource<Page<Photo>> {
        get throws(PhotoramaError) {
            let page = page
            let offset = offset
            return try first().map { answer throws(PhotoramaError) in answer.page(page, offset: offset) }
        }
    }
}
