/// flickr.places.find over the catalog's cities: a case-insensitive match at the start of any word of the
/// city's full name ("par" finds Paris, "france" finds every French city).
enum FlickrPlaces {
    static func find(_ query: String) -> [(String, JSONValue)] {
        let needle = TextTokens.folded(query.lowercased().trimmingCharacters(in: " "))
        let matches =
            needle.isEmpty
            ? []
            : City.all.filter { city in
                let words = TextTokens.tokens(city.fullName) + [TextTokens.folded(city.name.lowercased()), city.localName.lowercased()]
                return words.contains { $0.hasPrefix(needle) } || TextTokens.folded(city.fullName.lowercased()).hasPrefix(needle)
            }
        let places: [JSONValue] = matches.map { city in
            .object([
                ("place_id", .string(city.placeID)), ("woeid", .string(String(city.woeid))),
                ("latitude", .string(String(city.latitude))), ("longitude", .string(String(city.longitude))),
                ("place_url", .string(city.placeURL)), ("place_type", .string("locality")), ("place_type_id", .string("7")),
                ("timezone", .string("Etc/GMT\(city.utcOffsetHours <= 0 ? "+" : "-")\(abs(city.utcOffsetHours))")),
                ("_content", .string(city.fullName)), ("woe_name", .string(city.name)),
            ])
        }
        return [
            (
                "places",
                .object([
                    ("place", .array(places)), ("query", .string(query)), ("total", .int(places.count)),
                ])
            )
        ]
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String { self[...].trimmingCharacters(in: set) }
}
