import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// `u`: the undo stack's order and bookkeeping, and each kind of change taken back through the reducer.
@Suite struct UndoTests {
    let tree = photo(1, title: "Tree, Amsterdam")

    // MARK: - The stack
    @Test func stepsComeBackNewestFirst() {
        var stack = UndoStack()
        _ = stack.changed(.saved(photo(1)), token: RequestToken(value: 1))
        _ = stack.changed(.unsaved(photo(2)), token: RequestToken(value: 2))
        _ = stack.changed(.favorite(photo(3), added: true), token: RequestToken(value: 3))
        #expect(stack.pop(token: RequestToken(value: 10)) == .favorite(photo(3), added: true))
        #expect(stack.pop(token: RequestToken(value: 11)) == .unsaved(photo(2)))
        #expect(stack.pop(token: RequestToken(value: 12)) == .saved(photo(1)))
        #expect(stack.pop(token: nil) == nil)
    }

    @Test func anUndosOwnWriteIsNoNewStepAndAFailedUndoGoesBack() {
        var stack = UndoStack()
        _ = stack.changed(.unsaved(photo(1)), token: RequestToken(value: 1))
        _ = stack.pop(token: RequestToken(value: 2))
        #expect(stack.changed(.saved(photo(1)), token: RequestToken(value: 2)) == .unsaved(photo(1)))
        #expect(stack.steps == [])
        _ = stack.changed(.saved(photo(5)), token: RequestToken(value: 3))
        _ = stack.pop(token: RequestToken(value: 4))
        stack.failed(token: RequestToken(value: 4))
        #expect(stack.steps == [.saved(photo(5))])
        // A failure of a write that was no undo changes nothing.
        stack.failed(token: RequestToken(value: 99))
        #expect(stack.steps == [.saved(photo(5))])
    }

    @Test func keepsTheNewestHundred() {
        var stack = UndoStack()
        for number in 1...105 { _ = stack.changed(.saved(photo(number)), token: RequestToken(value: number)) }
        #expect(stack.steps.count == 100)
        #expect(stack.steps.first == .saved(photo(6)))
        #expect(stack.last == .saved(photo(105)))
    }

    @Test func describesTheChange() {
        #expect(UndoStep.unsaved(tree).description == "removed ‘Tree, Amsterdam’ from Saved")
        #expect(UndoStep.saved(photo(2, title: "A\u{1B}[2Jb")).description == "saved ‘Ab’")
        #expect(UndoStep.favorite(tree, added: false).description == "unmarked ‘Tree, Amsterdam’ as a Flickr favourite")
    }

    // MARK: - Through the reducer
    /// Recent's page 1 (photo 1 titled "Tree, Amsterdam"), the store loaded with it saved.
    func savedState(signedIn: Bool = false, confirm: Bool = true) -> AppState {
        var configuration = AppConfiguration(demoProviders: [.flickr], colors: false, randomSeed: 42)
        configuration.signedIn = signedIn
        configuration.confirmFlickrChanges = confirm
        var state = AppState(configuration: configuration, size: CellSize(columns: 80, rows: 24))
        for effect in start(&state) {
            guard case .loadPage(let source, let number, let token) = effect else { continue }
            let recent: [Photo] = [tree] + page(number, of: 50, perPage: 100).items.dropFirst()
            let answer: Page<Photo> =
                source == PhotoSource.favorites
                ? Page(items: [], page: 1, pages: 1, total: 0) : Page(items: recent, page: 1, pages: 50, total: 5000)
            _ = reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(answer))))
        }
        guard case .loadSaved(_, let token) = loadSaved(&state).first else { return state }
        _ = reduce(
            &state, .saved(.savedLoaded(token: token, .success(SavedOverview(all: [SavedPhoto(photo: tree, savedAtMilliseconds: 1)])))))
        return state
    }

    @Test func undoingARemovalSavesThePhotoAgain() throws {
        var state = savedState()
        let unsave = press(&state, .character("s"))
        guard case .unsavePhoto(_, let removal) = try #require(unsave.first) else { throw UndoTestFailure("no unsave: \(unsave)") }
        _ = reduce(&state, .saved(.photoUnsaved(token: removal, .success(tree.key))))
        #expect(!state.saved.isSaved(tree))
        let effects = press(&state, .character("u"))
        guard case .savePhoto(let again, let token) = try #require(effects.first) else { throw UndoTestFailure("no save: \(effects)") }
        #expect(again == tree)
        _ = reduce(&state, .saved(.photoSaved(token: token, .success(SavedPhoto(photo: tree, savedAtMilliseconds: 2)))))
        #expect(state.saved.isSaved(tree))
        #expect(state.notice?.text == "Undone: removed ‘Tree, Amsterdam’ from Saved")
        #expect(render(state).lines[23].hasPrefix("Undone: removed ‘Tree, Amsterdam’ from Saved"))
        // Nothing left: the undo itself is no change to take back.
        _ = press(&state, .character("u"))
        #expect(state.notice?.text == "Nothing to undo")
    }

    @Test func aFavouriteIsTakenBackThroughFlickrAfterConfirmation() throws {
        var state = savedState(signedIn: true)
        let mark = press(&state, .character("f"))
        guard case .setFavorite(_, true, let token) = try #require(mark.first) else { throw UndoTestFailure("no favourite: \(mark)") }
        _ = reduce(&state, .favorites(.favoriteSet(token: token, .success(()))))
        #expect(press(&state, .character("u")) == [])
        #expect(
            state.notice?.text == "Undo changes your Flickr account (marked ‘Tree, Amsterdam’ as a Flickr favourite): u again to confirm")
        // Another key withdraws the question.
        _ = press(&state, .character("j"), .character("k"))
        #expect(press(&state, .character("u")) == [])
        let effects = press(&state, .character("u"))
        guard case .setFavorite(let unmarked, false, let undo) = try #require(effects.first) else {
            throw UndoTestFailure("no unmark: \(effects)")
        }
        #expect(unmarked == tree)
        // Flickr refuses: its reason shows, and the step stays to be tried again.
        _ = reduce(&state, .favorites(.favoriteSet(token: undo, .failure(.api(code: 99, message: "Insufficient permissions")))))
        #expect(state.notice?.text.hasPrefix("Still a favourite: ") == true)
        #expect(state.undo.last == .favorite(tree, added: true))
        // Confirmed once this session: the next undo goes straight to Flickr.
        let retry = press(&state, .character("u"))
        guard case .setFavorite(_, false, let again) = try #require(retry.first) else { throw UndoTestFailure("no retry: \(retry)") }
        _ = reduce(&state, .favorites(.favoriteSet(token: again, .success(()))))
        #expect(state.notice?.text == "Undone: marked ‘Tree, Amsterdam’ as a Flickr favourite")
    }

    @Test func configuredNotToAskGoesStraightToFlickr() throws {
        var state = savedState(signedIn: true, confirm: false)
        let mark = press(&state, .character("f"))
        guard case .setFavorite(_, true, let token) = try #require(mark.first) else { throw UndoTestFailure("no favourite: \(mark)") }
        _ = reduce(&state, .favorites(.favoriteSet(token: token, .success(()))))
        #expect(press(&state, .character("u")).contains { if case .setFavorite(_, false, _) = $0 { true } else { false } })
    }

    @Test func undoingADownloadCancelsIt() throws {
        var state = savedState()
        let effects = press(&state, .character("d"))
        guard case .download(_, let token) = try #require(effects.first) else { throw UndoTestFailure("no download: \(effects)") }
        #expect(press(&state, .character("u")) == [.cancel(token)])
        #expect(state.notice?.text == "Undone: started downloading ‘Tree, Amsterdam’")
        #expect(!state.downloads.isActive(tree.key))
    }

    @Test func stepsAreUndoneNewestFirst() throws {
        var state = savedState()
        // Remove photo 1, then save photo 2: u takes back the save of 2 first.
        let unsave = press(&state, .character("s"))
        guard case .unsavePhoto(_, let first) = try #require(unsave.first) else { throw UndoTestFailure("no unsave") }
        _ = reduce(&state, .saved(.photoUnsaved(token: first, .success(tree.key))))
        let save = press(&state, .character("l"), .character("s"))
        guard case .savePhoto(let second, let token) = try #require(save.last) else { throw UndoTestFailure("no save: \(save)") }
        _ = reduce(&state, .saved(.photoSaved(token: token, .success(SavedPhoto(photo: second, savedAtMilliseconds: 3)))))
        let undo = press(&state, .character("u"))
        #expect(undo.contains { if case .unsavePhoto(second.key, _) = $0 { true } else { false } })
        #expect(!undo.contains { if case .savePhoto = $0 { true } else { false } })
    }
}

struct UndoTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
