import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

// MARK: - Helpers
/// Recent with page 1 answered, and the saved list loaded (empty unless given).
private func savedState(columns: Int = 80, rows: Int = 24, saved: [SavedPhoto] = []) -> AppState {
    var (state, effects) = startedState(columns: columns, rows: rows)
    answerLoads(&state, effects, limit: 1)
    let load = loadSaved(&state)
    guard case .loadSaved(_, let token) = load.first else { return state }
    _ = reduce(&state, .saved(.savedLoaded(token: token, .success(SavedOverview(all: saved)))))
    return state
}

private func saveToken(_ effects: [Effect]) -> (Photo, RequestToken)? {
    for effect in effects { if case .savePhoto(let photo, let token) = effect { return (photo, token) } }
    return nil
}

private func unsaveToken(_ effects: [Effect]) -> (PhotoKey, RequestToken)? {
    for effect in effects { if case .unsavePhoto(let key, let token) = effect { return (key, token) } }
    return nil
}

private func marked(_ state: AppState) -> [String] {
    render(state).lines.filter { $0.contains("★") }.map { $0.trimmingCharacters(in: .whitespaces) }
}

// MARK: - Saving and unsaving
@Suite("Saved photos in the browser")
struct SavedTests {
    @Test("s asks the store to save; the mark and the status line appear only when the store answers")
    func saveShowsMarkAfterTheAnswer() throws {
        var state = savedState()
        let (photo, token) = try #require(saveToken(press(&state, .character("s"))))
        #expect(photo == TestPhotos.photo(1))
        #expect(marked(state) == [])
        _ = reduce(&state, .saved(.photoSaved(token: token, .success(SavedPhoto(photo: photo, savedAtMilliseconds: 5)))))
        #expect(marked(state) == ["★ Photo 1                 Photo 2                   Photo 3"])
        #expect(render(state).lines[23].hasPrefix("Recent · page 1 of 50 · 100 of 5,000 photos  Saved “Photo 1”"))
        #expect(state.saved.feed.photos == [photo])
        // The next key clears the message; the mark stays.
        _ = press(&state, .right)
        #expect(!render(state).lines[23].contains("Saved “Photo 1”"))
        #expect(marked(state) == ["★ Photo 1                 Photo 2                   Photo 3"])
    }

    @Test("s on a saved photo unsaves it: the mark goes and the status line says so")
    func unsave() throws {
        var state = savedState(saved: [SavedPhoto(photo: TestPhotos.photo(1), savedAtMilliseconds: 1)])
        #expect(marked(state) == ["★ Photo 1                 Photo 2                   Photo 3"])
        let (key, token) = try #require(unsaveToken(press(&state, .character("s"))))
        #expect(key == PhotoKey(provider: .flickr, id: "1"))
        // A second s before the answer asks nothing more.
        #expect(press(&state, .character("s")) == [])
        _ = reduce(&state, .saved(.photoUnsaved(token: token, .success(key))))
        #expect(marked(state) == [])
        #expect(render(state).lines[23].contains("Removed “Photo 1”"))
        #expect(state.saved.feed.count == 0)
    }

    @Test("the detail pane's title carries the mark too")
    func detailMark() throws {
        var state = savedState(columns: 120, rows: 40, saved: [SavedPhoto(photo: TestPhotos.photo(1), savedAtMilliseconds: 1)])
        // The card and, right of the grid, the pane's title.
        #expect(marked(state) == ["★ Photo 1                Photo 2                  Photo 3                 │ ★ Photo 1"])
        _ = press(&state, .right)
        #expect(marked(state) == ["★ Photo 1                Photo 2                  Photo 3                 │ Photo 2"])
    }

    @Test("the Saved tab lists saved photos newest first, as a grid with the detail, and unsaving removes a card")
    func savedTab() throws {
        let saved = [3, 7, 5].map { SavedPhoto(photo: TestPhotos.photo($0), savedAtMilliseconds: Int64(10 - $0)) }
        var state = savedState(saved: saved)
        _ = press(&state, .character("5"))
        #expect(state.currentFeed?.photos.map(\.id) == ["3", "7", "5"])
        #expect(marked(state) == ["★ Photo 3                 ★ Photo 7                 ★ Photo 5"])
        #expect(render(state).lines[23].hasPrefix("Saved · 3 photos"))
        _ = press(&state, .right)
        let (key, token) = try #require(unsaveToken(press(&state, .character("s"))))
        #expect(key.id == "7")
        _ = reduce(&state, .saved(.photoUnsaved(token: token, .success(key))))
        #expect(state.currentFeed?.photos.map(\.id) == ["3", "5"])
        #expect(state.currentFeed?.selectedPhoto?.id == "5")
        // Saving from another tab puts the photo on top of the Saved tab.
        _ = press(&state, .character("1"))
        let (photo, token2) = try #require(saveToken(press(&state, .character("s"))))
        _ = reduce(&state, .saved(.photoSaved(token: token2, .success(SavedPhoto(photo: photo, savedAtMilliseconds: 99)))))
        #expect(state.saved.feed.photos.map(\.id) == ["1", "3", "5"])
        _ = press(&state, .character("5"))
        #expect(state.currentFeed?.selectedPhoto?.id == "1")
    }

    @Test("an empty Saved tab says so")
    func emptySavedTab() {
        var state = savedState()
        _ = press(&state, .character("5"))
        #expect(render(state).lines[12] == "No saved photos yet".centered(80))
    }

    @Test("a store that cannot be opened disables saving: the reason on the status line, on s, and on the Saved tab")
    func unavailableStore() throws {
        var (state, effects) = startedState()
        answerLoads(&state, effects, limit: 1)
        guard case .loadSaved(_, let token) = loadSaved(&state).first else {
            Issue.record("no load")
            return
        }
        let error = SavedStoreError.corrupt(path: "/d/p.sqlite")
        _ = reduce(&state, .saved(.savedLoaded(token: token, .failure(error))))
        let status = "Recent · page 1 of 50 · 100 of 5,000 photos  Saved photos unavailable: not a va…"
        #expect(render(state).lines[23] == status)
        _ = press(&state, .right)
        #expect(!render(state).lines[23].contains("unavailable"))
        #expect(press(&state, .character("s")) == [])
        #expect(render(state).lines[23] == status)
        _ = press(&state, .character("5"))
        #expect(render(state).lines[12] == "Saved photos unavailable: not a valid database (left untouched): /d/p.sqlite".centered(80))
    }
}

// MARK: - Paging helpers
/// The fixture photos of `TestSupport`, named for readability here.
enum TestPhotos {
    static func photo(_ number: Int) -> Photo { PhotoramaTUITests.photo(number) }
}

/// `count` saved photos numbered 1…count, newest first, saved at 1000 − number.
private func stored(_ numbers: ClosedRange<Int>) -> [SavedPhoto] {
    numbers.map { SavedPhoto(photo: TestPhotos.photo($0), savedAtMilliseconds: Int64(1000 - $0)) }
}

private func savedPageLoad(_ effects: [Effect]) -> (SavedPosition, Int, RequestToken)? {
    for effect in effects {
        if case .loadSavedPage(let position, let limit, let token) = effect { return (position, limit, token) }
    }
    return nil
}

/// Recent answered, then the store's overview: `total` saved, the first `first` of them in the page.
private func pagedState(
    total: Int, first: Int, files: [PhotoKey: String] = [:], images: ImageDrawing? = nil, columns: Int = 80, rows: Int = 24
) -> (AppState, [Effect]) {
    var (state, effects) = startedState(columns: columns, rows: rows, images: images)
    _ = answerLoads(&state, effects, limit: 1)
    guard case .loadSaved(_, let token) = loadSaved(&state).first else { return (state, []) }
    let all = total == 0 ? [] : stored(1...total)
    let page = Array(all.prefix(first))
    let overview = SavedOverview(
        total: total, keys: Set(all.map(\.key)), files: files,
        first: SavedPage(photos: page, next: first < total ? page.last.map(SavedPosition.init) : nil))
    effects = reduce(&state, .saved(.savedLoaded(token: token, .success(overview))))
    return (state, effects)
}

// MARK: - Paging the Saved tab
@Suite("The Saved tab read a page at a time")
struct SavedPagingTests {
    @Test("the first read asks for a page of at least three screens; the label counts every saved photo")
    func firstPageAndExactCount() throws {
        var (state, _) = startedState()
        guard case .loadSaved(let limit, _) = loadSaved(&state).first else {
            Issue.record("no load")
            return
        }
        let layout = ScreenLayout(state)
        #expect(limit == 100)
        #expect(limit >= 3 * layout.gridColumns * layout.visibleRows)
        var (paged, _) = pagedState(total: 250, first: 100)
        _ = press(&paged, .character("5"))
        #expect(render(paged).lines[23].hasPrefix("Saved · 250 photos"))
        #expect(paged.saved.feed.count == 100)
        // Every saved photo carries its mark, loaded in the Saved tab or not.
        #expect(paged.saved.isSaved(TestPhotos.photo(240)))
    }

    @Test("nearing the end of the first page asks for the next one after its last photo; it is appended in order")
    func nextPageWhenNear() throws {
        var (state, _) = pagedState(total: 250, first: 100)
        #expect(savedPageLoad(press(&state, .character("5"))) == nil)
        // Down the grid until the selection is within two screens of the 100th photo.
        var request: (SavedPosition, Int, RequestToken)?
        for _ in 0..<40 where request == nil { request = savedPageLoad(press(&state, .down)) }
        let (position, limit, token) = try #require(request)
        #expect(position == SavedPosition(savedAtMilliseconds: 900, key: TestPhotos.photo(100).key))
        #expect(limit == 100)
        // One page in flight at a time.
        #expect(savedPageLoad(press(&state, .down)) == nil)
        let next = stored(101...200)
        _ = reduce(&state, .saved(.savedPageLoaded(token: token, .success(SavedPage(photos: next, next: SavedPosition(next[99]))))))
        #expect(state.saved.feed.photos.map(\.id) == (1...200).map { String($0) })
        #expect(render(state).lines[23].hasPrefix("Saved · 250 photos"))
        // A stale answer (another token) changes nothing.
        _ = reduce(
            &state, .saved(.savedPageLoaded(token: RequestToken(value: 9_999), .success(SavedPage(photos: stored(201...250), next: nil)))))
        #expect(state.saved.feed.count == 200)
    }

    @Test("a page arriving after an unsave leaves the unsaved photo out; saves and unsaves keep the count exact")
    func consistentWithSavesAndUnsaves() throws {
        var (state, _) = pagedState(total: 120, first: 100)
        _ = press(&state, .character("5"))
        var request: (SavedPosition, Int, RequestToken)?
        for _ in 0..<40 where request == nil { request = savedPageLoad(press(&state, .down)) }
        let (_, _, pageToken) = try #require(request)
        // Photo 1 (loaded) is unsaved from the Saved tab, photo 110 (not loaded yet) from Recent.
        _ = press(&state, .home)
        let (key, token) = try #require(unsaveToken(press(&state, .character("s"))))
        _ = reduce(&state, .saved(.photoUnsaved(token: token, .success(key))))
        _ = press(&state, .character("1"))
        _ = press(&state, .right)
        #expect(state.feeds[.recent].selectedPhoto?.id == "2")
        // Photo 2 is saved already: s unsaves it too (it is in the loaded page).
        let (key2, token2) = try #require(unsaveToken(press(&state, .character("s"))))
        _ = reduce(&state, .saved(.photoUnsaved(token: token2, .success(key2))))
        #expect(state.saved.total == 118)
        // The store read its page before the unsaves were committed: 101…120, which the reducer keeps as is
        // except for photos no longer saved.
        var late = stored(101...120)
        late.append(contentsOf: stored(1...1))  // a row the feed has already (skipped, never twice)
        _ = reduce(&state, .saved(.savedPageLoaded(token: pageToken, .success(SavedPage(photos: late, next: nil)))))
        #expect(state.saved.feed.photos.map(\.id) == (3...120).map { String($0) })
        // A new save goes on top and counts.
        let (photo, newToken) = try #require(saveToken(press(&state, .character("s"))))
        _ = reduce(&state, .saved(.photoSaved(token: newToken, .success(SavedPhoto(photo: photo, savedAtMilliseconds: 5_000)))))
        _ = press(&state, .character("5"))
        #expect(state.saved.feed.photos.first?.id == "2")
        #expect(render(state).lines[23].hasPrefix("Saved · 119 photos"))
        #expect(!state.saved.hasMore)
    }

    @Test("a page that fails says why once and is asked for again after the next key")
    func failedPage() throws {
        var (state, _) = pagedState(total: 150, first: 100)
        _ = press(&state, .character("5"))
        var request: (SavedPosition, Int, RequestToken)?
        for _ in 0..<40 where request == nil { request = savedPageLoad(press(&state, .down)) }
        let (position, _, token) = try #require(request)
        let effects = reduce(&state, .saved(.savedPageLoaded(token: token, .failure(.failed("disk I/O error")))))
        #expect(savedPageLoad(effects) == nil)
        #expect(render(state).lines[23].contains("Saved photos unavailable: disk I/O error"))
        let retry = try #require(savedPageLoad(press(&state, .down)))
        #expect(retry.0 == position)
    }

    @Test("the preview and the viewer of a downloaded photo name its file; thumbnails and other photos do not")
    func previewFromFile() throws {
        let file = "/pictures/Photo 1 - 1.jpg"
        var (state, effects) = pagedState(
            total: 3, first: 3, files: [TestPhotos.photo(1).key: file], images: .halfBlocks(.truecolor), columns: 120, rows: 40)
        effects += press(&state, .character("5"))
        let loads = effects.compactMap { if case .loadImage(let request, _, _) = $0 { request } else { nil } }
        #expect(loads.first?.file == file)
        #expect(loads.first?.url.absoluteString == "https://example.com/1.jpg")
        #expect(loads.dropFirst().allSatisfy { $0.file == nil || $0.url.absoluteString.hasSuffix("/1.jpg") })
        #expect(state.pictureRequest(TestPhotos.photo(1), in: Rect(row: 0, column: 0, width: 10, height: 5))?.file == nil)
        // A download finished in this session counts too.
        var (other, _) = pagedState(total: 0, first: 0, images: .halfBlocks(.truecolor))
        let download = press(&other, .character("d"))
        guard case .download(let photo, let token) = download.first(where: { if case .download = $0 { true } else { false } }) else {
            Issue.record("d did not download")
            return
        }
        _ = reduce(&other, .downloads(.downloadFinished(token: token, .success("/pictures/x.jpg"))))
        #expect(other.saved.files[photo.key] == "/pictures/x.jpg")
        #expect(other.pictureRequest(photo, in: Rect(row: 0, column: 0, width: 10, height: 5), preview: true)?.file == "/pictures/x.jpg")
    }
}
