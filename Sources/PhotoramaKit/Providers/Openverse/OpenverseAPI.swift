import Foundation

/// Openverse's image API (`/v1/images/`) as `Resource` values. Anonymous use needs no key; pages are
/// `pageSize` photos, as many as an anonymous client may ask for, and the API's `page_count` ends a feed
/// before the pages it would refuse.
public struct OpenverseAPI: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.openverse.org/v1")!
    /// The largest page an anonymous client gets.
    public static let pageSize = 20

    public var baseURL: URL
    public var userAgent: String
    /// A registered client's bearer token, when one was obtained (`token(clientID:secret:)`).
    public var accessToken: String?
    public var listReading: ListReading = .bytes

    public init(baseURL: URL = OpenverseAPI.defaultBaseURL, userAgent: String = UserAgent.standard, accessToken: String? = nil) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        self.accessToken = accessToken
    }

    /// Images whose text matches, limited to `licenses` (`OpenverseLicenses`) when any are given.
    public func search(text: String, licenses: [String], page: Int) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let text = try InputValidation.searchText(text)
        try InputValidation.page(page)
        let filter = try OpenverseLicenses.parse(licenses.joined(separator: ",")).get()
        var items: [(String, String)] = [("q", text), ("page", String(page)), ("page_size", String(Self.pageSize))]
        if !filter.licenses.isEmpty { items.append(("license", filter.licenses.joined(separator: ","))) }
        if !filter.types.isEmpty { items.append(("license_type", filter.types.joined(separator: ","))) }
        let request = try request(path: "images/", items: items)
        let reading = listReading
        return Resource(request: request) { response throws(PhotoramaError) in
            if reading == .bytes, let read = OpenverseAnswerReader.page(response, asked: page) { return read }
            return try OpenverseParser.page(try Self.root(response, reading: reading), asked: page)
        }
    }

    /// One image by its id.
    public func image(id: String) throws(PhotoramaError) -> Resource<PhotoDetail> {
        let id = try InputValidation.nonEmpty(id, "Image id")
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw .invalidInput("An Openverse image id is letters, digits and dashes (got \"\(id)\")")
        }
        let request = try request(path: "images/\(id)/", items: [])
        let reading = listReading
        return Resource(request: request) { response throws(PhotoramaError) in
            let root = try Self.root(response, reading: reading)
            guard let detail = OpenverseParser.detail(root) else { throw .invalidData("the image has no id or address") }
            return detail
        }
    }

    /// A registered client's token (OAuth2 client credentials): POST `auth_tokens/token/`. The secret
    /// travels only in the body and is redacted from every error and log (`Redactor`).
    public func token(clientID: String, secret: String) throws(PhotoramaError) -> Resource<String> {
        try grant(clientID: clientID, secret: secret).map(\.accessToken)
    }

    /// The token with how long it lives (`expires_in`, seconds, when the API says).
    public func grant(clientID: String, secret: String) throws(PhotoramaError) -> Resource<OpenverseGrant> {
        guard let url = QueryEncoding.url(base: baseURL, path: "auth_tokens/token/") else {
            throw .invalidInput("The Openverse base URL cannot take a path")
        }
        let body = QueryEncoding.query([("grant_type", "client_credentials"), ("client_id", clientID), ("client_secret", secret)])
        let request = WebRequest(
            method: .post, url: url,
            headers: [("User-Agent", userAgent), ("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8))
        return Resource(request: request) { response throws(PhotoramaError) in
            let root = try Self.root(response, reading: .tree)
            guard let token = root["access_token"]?.nonEmptyString else { throw .invalidData("access_token: missing") }
            return OpenverseGrant(accessToken: token, expiresIn: root["expires_in"]?.int)
        }
    }

    func request(path: String, items: [(String, String)]) throws(PhotoramaError) -> WebRequest {
        guard let url = QueryEncoding.url(base: baseURL, path: path, items: items) else {
            throw .invalidInput("The Openverse base URL cannot take a query")
        }
        var headers = [("User-Agent", userAgent)]
        if let accessToken { headers.append(("Authorization", "Bearer \(accessToken)")) }
        return WebRequest(url: url, headers: headers)
    }

    /// The answer's JSON; an error status gives the API's own `detail` when it sent one.
    static func root(_ response: WebResponse, reading: ListReading) throws(PhotoramaError) -> JSONValue {
        let root = try response.jsonDocument(reading: reading)
        guard (200..<300).contains(response.status) else {
            if let detail = OpenverseParser.errorText(root) { throw .service("Openverse: \(detail)") }
            throw .httpStatus(response.status)
        }
        return root
    }
}

/// What `search --license` and the search bar's `license:` take for Openverse: licence codes (`by`,
/// `by-sa`, `cc0`, `pdm` …) and the two licence types (`commercial`, `modification`), separated by commas.
public enum OpenverseLicenses {
    public static let codes = ["by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd", "cc0", "pdm", "sampling+", "nc-sampling+"]
    public static let types = ["commercial", "modification", "all", "all-cc"]

    /// "by,by-sa, commercial" → licences [by, by-sa], types [commercial]; case-insensitive, each once.
    public static func parse(_ input: String) -> Result<(licenses: [String], types: [String]), PhotoramaError> {
        var licenses: [String] = []
        var kinds: [String] = []
        for part in input.split(separator: ",") {
            let word = part.trimmingCharacters(in: .whitespaces).lowercased()
            if word.isEmpty { continue }
            if codes.contains(word) {
                if !licenses.contains(word) { licenses.append(word) }
            } else if types.contains(word) {
                if !kinds.contains(word) { kinds.append(word) }
            } else {
                return .failure(
                    .invalidInput(
                        "Openverse licences are \(codes.joined(separator: ", ")) or \(Self.types.joined(separator: ", ")), separated by commas (got \"\(word)\")"
                    ))
            }
        }
        return .success((licenses, kinds))
    }
}
