import Foundation
import PhotoramaKit
import Testing

@testable import PhotoramaTUI

@Suite("The comments overlay's model and a download's entry")
struct CommentsModelTests {
    private func comments(_ ids: ClosedRange<Int>) -> [PhotoComment] {
        ids.map { PhotoComment(id: "c\($0)", author: "Author \($0)", text: "Comment \($0)") }
    }

    private func model() -> CommentsModel {
        CommentsModel(photo: PhotoKey(provider: .flickr, id: "7"), title: "Photo 7")
    }

    @Test("the first page is asked for at once; the next only near the end of the list")
    func needsMore() {
        var model = model()
        #expect(model.needsMore(visible: 1))
        let page = model.beginLoading(RequestToken(value: 5))
        #expect(page == 1)
        #expect(model.loadingPage == 1)
        #expect(!model.needsMore(visible: 1))
        model.receive(token: RequestToken(value: 5), page: 1, .success(Page(items: comments(1...10), page: 1, pages: 3, total: 25)))
        #expect(!model.needsMore(visible: 1))
        model.scroll(by: 6)
        #expect(model.scroll == 6)
        #expect(!model.needsMore(visible: 1))
        #expect(model.needsMore(visible: 2))
        #expect(model.beginLoading(RequestToken(value: 6)) == 2)
    }

    @Test("an answer adds its new comments once and records the paging; a stale one is ignored")
    func receive() {
        var model = model()
        _ = model.beginLoading(RequestToken(value: 1))
        model.receive(token: RequestToken(value: 1), page: 1, .success(Page(items: comments(1...3), page: 1, pages: 2, total: 5)))
        _ = model.beginLoading(RequestToken(value: 2))
        model.receive(token: RequestToken(value: 9), page: 2, .success(Page(items: comments(4...5), page: 2, pages: 2, total: 5)))
        #expect(model.comments.count == 3)
        model.receive(token: RequestToken(value: 2), page: 2, .success(Page(items: comments(3...5), page: 2, pages: 2, total: 5)))
        #expect(model.comments.map(\.id) == ["c1", "c2", "c3", "c4", "c5"])
        #expect(model.texts.map(\.author) == ["Author 1", "Author 2", "Author 3", "Author 4", "Author 5"])
        #expect(model.lastPage == 2)
        #expect(model.pages == 2)
        #expect(model.total == 5)
        #expect(model.token == nil)
        #expect(model.loadingPage == nil)
        #expect(!model.hasMore)
    }

    @Test("an empty page ends the list; a failure shows, a cancellation does not")
    func endAndFailure() {
        var model = model()
        _ = model.beginLoading(RequestToken(value: 1))
        model.receive(token: RequestToken(value: 1), page: 1, .failure(.cancelled))
        #expect(model.error == nil)
        _ = model.beginLoading(RequestToken(value: 2))
        model.receive(token: RequestToken(value: 2), page: 1, .failure(.httpStatus(500)))
        #expect(model.error == .httpStatus(500))
        #expect(!model.needsMore(visible: 1))
        var empty = self.model()
        _ = empty.beginLoading(RequestToken(value: 3))
        empty.receive(token: RequestToken(value: 3), page: 1, .success(Page(items: [], page: 1, pages: 4, total: 0)))
        #expect(empty.pages == 1)
        #expect(!empty.hasMore)
    }

    @Test("scrolling stays on a comment, even by Int.max")
    func scroll() {
        var model = model()
        _ = model.beginLoading(RequestToken(value: 1))
        model.receive(token: RequestToken(value: 1), page: 1, .success(Page(items: comments(1...4), page: 1, pages: 1, total: 4)))
        model.scroll(by: Int.max)
        #expect(model.scroll == 3)
        model.scroll(by: Int.min)
        #expect(model.scroll == 0)
    }

    @Test("a download starts active under its sanitized title, Untitled when it has none")
    func downloadStart() {
        var downloads = DownloadsModel()
        downloads.start(photo(3, title: "Sun\u{1b}[31mset"), token: RequestToken(value: 4))
        downloads.start(photo(5, title: ""), token: RequestToken(value: 5))
        #expect(downloads.entries.map(\.title) == ["Sunset", "Untitled"])
        #expect(downloads.entries.map(\.token) == [RequestToken(value: 4), RequestToken(value: 5)])
        #expect(downloads.entries.map(\.status) == [.active(nil), .active(nil)])
        #expect(downloads.isActive(PhotoKey(provider: .flickr, id: "3")))
        #expect(downloads.statusText == "↓ starting… +1")
    }
}
