import Foundation
import PhotoramaKit
import Testing

@testable import PhotoramaTUI

/// Recent with page 1 answered, and the saved list loaded (empty unless given).
private func savedState(columns: Int = 80, rows: Int = 24, saved: [SavedPhoto] = []) -> AppState {
    var (state, effects) = startedState(columns: columns, rows: rows)
    answerLoads(&state, effects, limit: 1)
    let load = loadSaved(&state)
    guard case .loadSaved(let token) = load.first else { return state }
    _ = reduce(&state, .savedLoaded(token: token, .success(saved)))
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

@Suite("Saved photos in the browser")
struct SavedTests {
    @Test("s asks the store to save; the mark and the status line appear only when the store answers")
    func saveShowsMarkAfterTheAnswer() throws {
        var state = savedState()
        let (photo, token) = try #require(saveToken(press(&state, .character("s"))))
        #expect(photo == TestPhotos.photo(1))
        #expect(marked(state) == [])
        _ = reduce(&state, .photoSaved(token: token, .success(SavedPhoto(photo: photo, savedAtMilliseconds: 5))))
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
        _ = reduce(&state, .photoUnsaved(token: token, .success(key)))
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
        _ = reduce(&state, .photoUnsaved(token: token, .success(key)))
        #expect(state.currentFeed?.photos.map(\.id) == ["3", "5"])
        #expect(state.currentFeed?.selectedPhoto?.id == "5")
        // Saving from another tab puts the photo on top of the Saved tab.
        _ = press(&state, .character("1"))
        let (photo, token2) = try #require(saveToken(press(&state, .character("s"))))
        _ = reduce(&state, .photoSaved(token: token2, .success(SavedPhoto(photo: photo, savedAtMilliseconds: 99))))
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
        guard case .loadSaved(let token) = loadSaved(&state).first else { Issue.record("no load"); return }
        let error = SavedStoreError.corrupt(path: "/d/p.sqlite")
        _ = reduce(&state, .savedLoaded(token: token, .failure(error)))
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

/// The fixture photos of `TestSupport`, named for readability here.
enum TestPhotos {
    static func photo(_ number: Int) -> Photo { PhotoramaTUITests.photo(number) }
}
