import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("The search bar behaves like every search prompt")
struct SearchPromptTests {
    /// A started state that has searched "sunset" (first page answered).
    private func searched() -> AppState {
        var (state, effects) = startedState()
        answerLoads(&state, effects, limit: 1)
        _ = press(&state, .character("/"))
        _ = type(&state, "sunset")
        let submitted = press(&state, .enter)
        answerLoads(&state, submitted, limit: 1)
        return state
    }

    @Test("/ opens the bar empty after a search, so a new query never appends to the last one")
    func opensEmpty() {
        var state = searched()
        #expect(state.searchBar.text == "sunset")
        _ = press(&state, .character("/"))
        #expect(state.searchBar.focused)
        #expect(state.searchBar.text == "")
        _ = type(&state, "91, 200")
        _ = press(&state, .enter)
        #expect(state.searchBar.error == "Latitude must be between -90 and 90 (got 91)")
        #expect(state.searchBar.text == "91, 200")
        #expect(state.feeds[.search].source == .search(text: "sunset"))
    }

    @Test("the previous query is one Up away")
    func historyIsOneUpAway() {
        var state = searched()
        _ = press(&state, .character("/"), .up)
        #expect(state.searchBar.text == "sunset")
        _ = press(&state, .down)
        #expect(state.searchBar.text == "")
    }

    @Test("Esc leaves the bar and changes nothing: the last query shows again, no search starts")
    func escapeChangesNothing() {
        var state = searched()
        let before = state.feeds[.search].source
        _ = press(&state, .character("/"))
        _ = type(&state, "cats")
        let effects = press(&state, .escape)
        #expect(effects.isEmpty)
        #expect(!state.searchBar.focused)
        #expect(state.searchBar.text == "sunset")
        #expect(state.feeds[.search].source == before)
    }

    @Test("on the Search tab a query starts with the first letter typed, never with /")
    func slashIsNotTyped() {
        var (state, _) = startedState()
        _ = press(&state, .character("3"))
        #expect(state.tab == .search)
        #expect(state.searchBar.focused)
        _ = press(&state, .character("/"))
        _ = type(&state, "cats")
        #expect(state.searchBar.text == "cats")
        // A slash inside a query is kept.
        _ = type(&state, "/dogs")
        #expect(state.searchBar.text == "cats/dogs")
    }

    @Test("Enter searches and gives the keys back to the grid")
    func enterReturnsKeysToTheGrid() {
        var state = searched()
        #expect(!state.searchBar.focused)
        #expect(state.tab == .search)
        _ = press(&state, .character("l"))
        #expect(state.feeds[.search].selection == 1)
        #expect(state.searchBar.text == "sunset")
    }
}
