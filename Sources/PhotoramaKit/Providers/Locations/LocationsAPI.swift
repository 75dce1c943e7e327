import Foundation

/// The small locations service: library locations by country prefix.
/// A blank query has no resource at all (nil): there is nothing to ask, and the answer is no results.
public struct LocationsAPI: Sendable {
    public var baseURL: URL
    public var parseMode: ParseMode

    public init(baseURL: URL, parseMode: ParseMode = .tolerant) {
        self.baseURL = baseURL
        self.parseMode = parseMode
    }

    /// How lists are read: from the bytes (`LocationsListReader`, the tree for errors and rare forms) or
    /// through the tree alone (the reference).
    public var listReading: ListReading = .bytes

    /// `GET /locations?country=<prefix>`; nil for a blank prefix.
    public func locations(country: String) throws(PhotoramaError) -> Resource<[LibraryLocation]>? {
        let prefix = country.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !prefix.isEmpty else { return nil }
        return try list(
            path: "/locations", items: [("country", prefix)], fields: LocationsParser.locationKeys, entry: LocationsParser.location)
    }

    /// An array of objects; each entry's `fields` (as `JSONValue`s, nil when absent or when the entry is
    /// not an object) make one item or none.
    private func list<T: Sendable>(
        path: String, items: [(String, String)], fields: [StaticString], entry: @escaping @Sendable (LocationsParser.Fields) -> T?
    ) throws(PhotoramaError) -> Resource<[T]> {
        guard let url = QueryEncoding.url(base: baseURL, path: path, items: items) else {
            throw .invalidInput("The locations base URL cannot take a query")
        }
        let mode = parseMode
        let reading = listReading
        return Resource(request: WebRequest(url: url)) { response throws(PhotoramaError) in
            if reading == .bytes, let list = LocationsListReader.list(response, fields: fields, mode: mode, entry: entry) { return list }
            try response.validateStatus()
            guard response.bodyLooksLikeJSON else { throw .notJSON(contentType: response.contentType) }
            guard let entries = try JSONValue.parse(response.body).array else {
                throw .invalidData("expected a JSON array")
            }
            var results: [T] = []
            for (index, value) in entries.enumerated() {
                if let item = entry(LocationsParser.Fields(value, keys: fields)) {
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
/// entry must at least say where it is.
enum LocationsParser {
    /// An entry's values of the keys asked for, in their order; nil when the entry is not an object.
    struct Fields: Sendable {
        var values: [JSONValue?]?

        init(_ entry: JSONValue, keys: [StaticString]) {
            values = entry.object.map { object in keys.map { object[$0.description] } }
        }

        init(values: [JSONValue?]?) { self.values = values }

        subscript(_ index: Int) -> JSONValue? { values?[index] }
    }

    static let locationKeys: [StaticString] = ["street_address", "city", "country", "emoji", "hours"]

    static func location(_ fields: Fields) -> LibraryLocation? {
        guard fields.values != nil else { return nil }
        let street = fields[0]?.string ?? ""
        let city = fields[1]?.string ?? ""
        guard !street.isEmpty || !city.isEmpty else { return nil }
        return LibraryLocation(
            streetAddress: street, city: city, country: fields[2]?.string ?? "", emoji: fields[3]?.string ?? "",
            hours: fields[4]?.string ?? "")
    }

}
