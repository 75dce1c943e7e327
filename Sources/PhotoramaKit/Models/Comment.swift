import Foundation

/// A comment on a photo. `text` is plain text (HTML stripped by the provider's parser).
public struct PhotoComment: Sendable, Hashable, Identifiable {
    public var id: String
    public var author: String
    public var authorID: String?
    public var date: Date?
    public var text: String
    public var permalink: URL?

    public init(id: String, author: String, authorID: String? = nil, date: Date? = nil, text: String, permalink: URL? = nil) {
        self.id = id
        self.author = author
        self.authorID = authorID
        self.date = date
        self.text = text
        self.permalink = permalink
    }
}
