import PhotoramaImages
import PhotoramaKit
import Testing

@testable import PhotoramaTUI

/// The Saved, Favourites, Downloads and Undo features through their own functions: each changes its own
/// model and hands back an `Outcome` (effects, a notice, an undo note), which `AppState.apply` carries out.
@Suite struct FeatureHandlerTests {
    let tree = photo(1, title: "Tree, Amsterdam")

    // MARK: - Saved
    @Test func savingTakesATokenAndTheMarkWaitsForTheStore() {
        var saved = SavedModel()
        var tokens = RequestTokens()
        _ = tokens.next()
        let outcome = saved.toggle(tree, tokens: &tokens)
        #expect(outcome.effects == [.savePhoto(tree, token: RequestToken(value: 2))])
        #expect(outcome.notice == nil)
        #expect(!saved.isSaved(tree))
        // A second `s` before the answer starts nothing.
        let again = saved.toggle(tree, tokens: &tokens)
        #expect(again.effects == [])
        let next = tokens.next()
        #expect(next == RequestToken(value: 3))
        // No photo selected: nothing (the key handler says so, for every key on the selected photo).
        let none = saved.toggle(nil, tokens: &tokens)
        #expect(none.effects == [])
    }

    @Test func theStoresAnswerMarksThePhotoAndNotesTheChangeForUndo() {
        var saved = SavedModel()
        var tokens = RequestTokens()
        _ = saved.toggle(tree, tokens: &tokens)
        let answer = SavedAnswer.photoSaved(token: RequestToken(value: 1), .success(SavedPhoto(photo: tree, savedAtMilliseconds: 5)))
        let outcome = saved.receive(answer, showNewest: true)
        #expect(saved.isSaved(tree))
        #expect(saved.total == 1)
        #expect(outcome.notice == Notice(text: "Saved “Tree, Amsterdam”", isError: false))
        guard case .changed(.saved(tree), let token)? = outcome.undo else {
            Issue.record("expected the save noted for undo, got \(String(describing: outcome.undo))")
            return
        }
        #expect(token == RequestToken(value: 1))
        // The same answer again is nobody's: nothing changes.
        let repeated = saved.receive(answer, showNewest: true)
        #expect(repeated.notice == nil)
        #expect(saved.total == 1)
    }

    @Test func aFailedSaveSaysWhyAndLeavesNoMark() {
        var saved = SavedModel()
        var tokens = RequestTokens()
        _ = saved.toggle(tree, tokens: &tokens)
        let failed = saved.receive(.photoSaved(token: RequestToken(value: 1), .failure(.failed("disk full"))), showNewest: false)
        #expect(failed.notice == Notice(text: SavedStoreError.failed("disk full").message, isError: true))
        guard case .failed(RequestToken(value: 1))? = failed.undo else {
            Issue.record("expected the failure noted for undo, got \(String(describing: failed.undo))")
            return
        }
        #expect(!saved.isSaved(tree))
    }

    // MARK: - Favourites
    @Test func aFavouriteNeedsAFlickrPhotoAndASignIn() {
        var favorites = FavoritesModel(signedIn: true)
        var tokens = RequestTokens()
        let commons = photo(2, provider: .commons)
        let notFlickr = favorites.toggle(commons, signedIn: true, signInProblem: nil, tokens: &tokens)
        #expect(notFlickr.notice == Notice(text: "Only Flickr photos can be Flickr favourites", isError: true))
        let signedOut = favorites.toggle(tree, signedIn: false, signInProblem: "token refused", tokens: &tokens)
        #expect(signedOut.notice == Notice(text: "token refused", isError: true, wholeLine: true))
        let unused = tokens.next()
        #expect(unused == RequestToken(value: 1))
        let outcome = favorites.toggle(tree, signedIn: true, signInProblem: nil, tokens: &tokens)
        #expect(outcome.effects == [.setFavorite(tree, true, token: RequestToken(value: 2))])
        // The ♥ shows at once.
        #expect(favorites.isFavorite(tree))
    }

    @Test func flickrsRefusalTakesTheMarkBack() {
        var favorites = FavoritesModel(signedIn: true)
        var tokens = RequestTokens()
        _ = favorites.toggle(tree, signedIn: true, signInProblem: nil, tokens: &tokens)
        let outcome = favorites.receiveSet(
            token: RequestToken(value: 1), result: .failure(.api(code: 99, message: "Insufficient permissions")))
        #expect(!favorites.isFavorite(tree))
        #expect(outcome.notice?.text.hasPrefix("Not a favourite: ") == true)
        #expect(outcome.notice?.isError == true)
    }

    // MARK: - Downloads
    @Test func aDownloadStartsOnceAndIsNotedForUndo() {
        var downloads = DownloadsModel()
        var tokens = RequestTokens()
        let outcome = downloads.download(tree, tokens: &tokens)
        #expect(outcome.effects == [.download(tree, token: RequestToken(value: 1))])
        guard case .changed(.download(tree, token: RequestToken(value: 1)), RequestToken(value: 1))? = outcome.undo else {
            Issue.record("expected the download noted for undo, got \(String(describing: outcome.undo))")
            return
        }
        let again = downloads.download(tree, tokens: &tokens)
        #expect(again.effects == [])
        let cancelled = downloads.cancel(RequestToken(value: 1))
        let cancelledAgain = downloads.cancel(RequestToken(value: 1))
        #expect(cancelled)
        #expect(!cancelledAgain)
        #expect(downloads.isActive(tree.key) == false)
    }

    // MARK: - Undo's turn
    @Test func theFirstFlickrUndoIsAskedOnceAndAnyOtherKeyWithdrawsTheQuestion() {
        var undo = UndoStack()
        let turn1 = undo.turn(confirmFlickrChanges: true, undoKey: "u")
        #expect(turn1 == .tell(Notice(text: "Nothing to undo", isError: false, wholeLine: true)))
        _ = undo.changed(.favorite(tree, added: true), token: RequestToken(value: 1))
        let question = "Undo changes your Flickr account (marked ‘Tree, Amsterdam’ as a Flickr favourite): u again to confirm"
        let turn2 = undo.turn(confirmFlickrChanges: true, undoKey: "u")
        #expect(turn2 == .tell(Notice(text: question, isError: false, wholeLine: true)))
        undo.withdrawQuestion()
        let turn3 = undo.turn(confirmFlickrChanges: true, undoKey: "u")
        #expect(turn3 == .tell(Notice(text: question, isError: false, wholeLine: true)))
        let turn4 = undo.turn(confirmFlickrChanges: true, undoKey: "u")
        #expect(turn4 == .takeBack(.favorite(tree, added: true)))
        // Confirmed once, never asked again this session.
        let turn5 = undo.turn(confirmFlickrChanges: true, undoKey: "u")
        #expect(turn5 == .takeBack(.favorite(tree, added: true)))
    }

    // MARK: - The root carries an outcome out
    @Test func applySetsTheNoticeThenReportsAnUndoneChange() {
        var state = AppState(configuration: AppConfiguration(), size: CellSize(columns: 80, rows: 24))
        _ = state.undo.changed(.unsaved(tree), token: RequestToken(value: 1))
        _ = state.undo.pop(token: RequestToken(value: 2))
        let effects = state.apply(
            Outcome(
                effects: [.redraw], notice: Notice(text: "Saved “Tree, Amsterdam”", isError: false),
                undo: .changed(.saved(tree), token: RequestToken(value: 2))))
        #expect(effects == [.redraw])
        #expect(state.notice == Notice(text: "Undone: removed ‘Tree, Amsterdam’ from Saved", isError: false, wholeLine: true))
        #expect(state.undo.steps == [])
    }
}
