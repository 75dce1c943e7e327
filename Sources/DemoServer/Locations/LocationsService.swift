/// The small locations service: library branches by country prefix and a book catalog by title prefix.
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

    static func catalog(titlePrefix: String) -> HTTPAnswer {
        let needle = titlePrefix.lowercased()
        let matches = LibraryData.books.filter { $0.title.lowercased().hasPrefix(needle) }
        return .json(
            .array(
                matches.map { book in
                    .object([
                        ("title", .string(book.title)), ("author", .string(book.author)), ("year", .int(book.year)),
                        ("isbn", .string(book.isbn)),
                    ])
                }))
    }
}
