import Foundation

/// The small locations service: library locations by country prefix and a book catalog by title prefix.
/// A blank query has no resource at all (nil): there is nothing to ask, and the answer is no results.
public struct LocationsAPI: Sendable {
    public var baseURL: URL
    public var parseMode: ParseMode

    public init(baseURL: URL, parseMode: ParseMode = .tolerant) {
        self.baseURL = baseURL
        self.parseMode = parseMode
    }

    /// `GET /locations?country=<prefix>`; nil for a blank prefix.
    public func locations(country: String) throws(PhotoramaError) -> Resource<[LibraryLocation]>? {
        let prefix = country.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !prefix.isEmpty else { return nil }
        return try list(path: "/locations", items: [("country", prefix)], entry: LocationsParser.location)
    }

    /// `GET /catalog?q=<prefix>`; nil for a blank prefix.
    public func catalog(prefix: String) throws(PhotoramaError) -> Resource<[Book]>? {
        let prefix = prefix.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !prefix.isEmpty else { return nil }
        return try list(path: "/catalog", items: [("q", prefix)], entry: LocationsParser.book)
    }

    private func list<T: Sendable>(
        path: String, items: [(String, String)], entry: @escaping @Sendable (JSONValue) -> T?
    ) throws(PhotoramaError) -> Resource<[T]> {
        guard let url = QueryEncoding.url(base: baseURL, path: path, items: items) else {
            throw .invalidInput("The locations base URL cannot take a query")
        }
        let mode = parseMode
        return Resource(request: WebRequest(url: url)) { response throws(PhotoramaError) in
            try response.validateStatus()
            guard response.bodyLooksLikeJSON else { throw .notJSON(contentType: response.contentType) }
            guard let entries = try JSONValue.parse(response.body).array else {
                throw .invalidData("expected a JSON array")
            }
            var results: [T] = []
            for (index, value) in entries.enumerated() {
                if let item = entry(value) {
                    results.append(item)
                } else if mode == .strict {
                    throw .invalidData("[\(index)]: unreadable entry")
                }
            }
            if !entries.isEmpty, results.isEmpty { throw .invalidData("the response format has changed") }
            return results
        }
    }
}

/// Tolerant readers for the service's entries: a missing field is empty rather than fatal, but an
/// entry must at least say where (locations) or what (books) it is.
enum LocationsParser {
    static func location(_ entry: JSONValue) -> LibraryLocation? {
        guard entry.object != nil else { return nil }
        let street = entry["street_address"]?.string ?? ""
        let city = entry["city"]?.string ?? ""
        guard !street.isEmpty || !city.isEmpty else { return nil }
        return LibraryLocation(
            streetAddress: street, city: city, country: entry["country"]?.string ?? "",
            emoji: entry["emoji"]?.string ?? "", hours: entry["hours"]?.string ?? "")
    }

    static func book(_ entry: JSONValue) -> Book? {
        guard let title = entry["title"]?.nonEmptyString else { return nil }
        return Book(
            title: title, author: entry["author"]?.nonEmptyString, year: entry["year"]?.int,
            isbn: entry["isbn"]?.nonEmptyString)
    }
}
