/// The small locations service: library branches by country prefix.
enum LocationsService {
    static func locations(countryPrefix: String) -> HTTPAnswer {
        let needle = countryPrefix.lowercased()
        let matches = LibraryData.locations.filter { $0.country.lowercased().hasPrefix(needle) }
        return .json(
            .array(
                matches.map { location in
                    .object([
                        ("street_address", .string(location.streetAddress)), ("city", .string(location.city)),
                        ("country", .string(location.country)),
                        ("emoji", .string(location.emoji)), ("hours", .string(location.hours)),
                    ])
                }))
    }

}
