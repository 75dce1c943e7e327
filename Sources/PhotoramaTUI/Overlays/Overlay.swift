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
    public private(set) var comments: [PhotoComment] = []
    private(set) var texts: [CommentText] = []
    public private(set) var lastPage = 0
    public private(set) var pages: Int?
    public private(set) var total: Int?
    private(set) var token: RequestToken?
    private(set) var loadingPage: Int?
    public private(set) var error: PhotoramaError?
    /// The first comment in view.
    public private(set) var scroll = 0

    init(photo: PhotoKey, title: String) {
        self.photo = photo
        self.title = title
    }

    var hasMore: Bool { pages.map { lastPage < $0 } ?? true }

    /// Moves the first comment in view by `delta`, staying on a comment.
    mutating func scroll(by delta: Int) {
        scroll = max(0, min(scroll.addingClamped(delta), comments.count - 1))
    }

    /// The next page is worth asking for: none on its way, no failure shown, more to come, and the list
    /// scrolled to within `visible` comments (and two) of its end.
    func needsMore(visible: Int) -> Bool {
        token == nil && error == nil && hasMore && scroll + visible >= comments.count - 2
    }

    /// The next page is on its way with `token`; returns its number.
    mutating func beginLoading(_ token: RequestToken) -> Int {
        let page = lastPage + 1
        self.token = token
        loadingPage = page
        return page
    }

    /// The answer for `page` asked with `token` (any other is stale and ignored): new comments go at the end,
    /// each once; a failure shows unless it was a cancellation.
    mutating func receive(token: RequestToken, page: Int, _ result: Result<Page<PhotoComment>, PhotoramaError>) {
        guard self.token == token else { return }
        self.token = nil
        loadingPage = nil
        switch result {
        case .success(let answer):
            error = nil
            lastPage = max(lastPage, page)
            pages = answer.pages
            total = answer.total
            if answer.items.isEmpty || answer.page != page { pages = lastPage }
            let known = Set(comments.map(\.id))
            for comment in answer.items where !known.contains(comment.id) {
                comments.append(comment)
                texts.append(CommentText(comment))
            }
        case .failure(let error):
            if error.isUserVisible { self.error = error }
        }
    }
}

/// What covers the screen above the grid, closed with Esc.
public enum Overlay: Sendable {
    case help(scroll: Int)
    case comments(CommentsModel)
    case networkLog(scroll: Int)
    case downloads(scroll: Int)
}
