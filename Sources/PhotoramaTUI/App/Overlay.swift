import Foundation
import PhotoramaKit
import PhotoramaText

/// A comment's texts, sanitized once.
struct CommentText: Sendable {
    var author: String
    var date: String
    var text: String

    init(_ comment: PhotoComment) {
        author = Sanitizer.singleLine(comment.author)
        text = Sanitizer.singleLine(comment.text)
        if let date = comment.date {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
            let local = LocalDateTime(
                year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
                minute: parts.minute ?? 0)
            self.date = local.short
        } else {
            self.date = ""
        }
    }
}

/// The comments of one photo, loaded page by page as the list scrolls.
public struct CommentsModel: Sendable {
    public let photo: PhotoKey
    var title: String
    public internal(set) var comments: [PhotoComment] = []
    var texts: [CommentText] = []
    public internal(set) var lastPage = 0
    public internal(set) var pages: Int?
    public internal(set) var total: Int?
    var token: RequestToken?
    var loadingPage: Int?
    public internal(set) var error: PhotoramaError?
    /// The first comment in view.
    public internal(set) var scroll = 0

    init(photo: PhotoKey, title: String) {
        self.photo = photo
        self.title = title
    }

    var hasMore: Bool { pages.map { lastPage < $0 } ?? true }
}

/// What covers the screen above the grid, closed with Esc.
public enum Overlay: Sendable {
    case help(scroll: Int)
    case comments(CommentsModel)
    case networkLog(scroll: Int)
    case downloads(scroll: Int)
}
