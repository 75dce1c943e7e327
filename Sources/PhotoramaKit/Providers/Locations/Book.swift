/// A book from the locations service's catalog.
public struct Book: Sendable, Hashable, Codable {
    public var title: String
    public var author: String?
    public var year: Int?
    public var isbn: String?

    public init(title: String, author: String? = nil, year: Int? = nil, isbn: String? = nil) {
        self.title = title
        self.author = author
        self.year = year
        self.isbn = isbn
    }
}
