import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The command palette (`:`): how typed words rank the commands, the last used first, Tab and Enter, and
/// the commands that take their argument in the same prompt.
@Suite struct PaletteTests {
    func names(_ text: String, used: [String] = []) -> [String] {
        PaletteMatcher.matches(text, in: PaletteCommand.all, used: used).map(\.name)
    }

    @Test func aWordsStartRanksAboveALaterWordsStart() {
        #expect(names("sav") == ["save", "tab saved"])
    }

    @Test func wordsMatchInOrderFirst() {
        #expect(names("co ur") == ["copy url", "copy image url"])
    }

    @Test func aWholeWordRanksAboveAWordsStartAndTheTableOrderBreaksTies() {
        #expect(
            names("tab") == [
                "tab recent", "tab popular", "tab search", "tab locations", "tab saved", "tab explore", "tab favorites", "next tab",
                "previous tab",
            ])
        #expect(names("down") == ["down", "page down", "detail down", "downloads", "download"])
    }

    @Test func theLastUsedComeFirstAmongEquals() {
        #expect(names("down", used: ["download"]) == ["down", "page down", "detail down", "download", "downloads"])
        #expect(Array(names("", used: ["save", "help"]).prefix(4)) == ["save", "help", "search", "explore"])
    }

    @Test func lettersInOrderMatchLast() {
        #expect(names("rfsh") == ["refresh"])
        #expect(names("zzz") == [])
    }

    @Test func textAfterAnArgumentCommandsNameIsItsArgument() {
        #expect(names("search red cats") == ["search"])
        let found = PaletteMatcher.argumentCommand("  explore 2024-05-01 ", in: PaletteCommand.all)
        #expect(found?.0.name == "explore")
        #expect(found?.1 == "2024-05-01")
        #expect(PaletteMatcher.argumentCommand("save now", in: PaletteCommand.all) == nil)
    }

    func loaded(columns: Int = 80, rows: Int = 24) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: rows)
        answerLoads(&state, effects, limit: 1)
        return state
    }

    @Test func typingNarrowsAndEnterRunsTheChosenAction() {
        var state = loaded()
        _ = press(&state, .character(":"))
        _ = type(&state, "sav")
        let lines = render(state).lines
        #expect(lines[2].hasPrefix(" Command: sav "))
        #expect(lines[3].hasPrefix(" save       s "))
        #expect(lines[4].hasPrefix(" tab saved  5 "))
        #expect(lines[23].hasSuffix("Enter run  Tab complete  Esc leave"))
        let effects = press(&state, .enter)
        #expect(effects.contains { if case .savePhoto(let photo, _) = $0 { photo.id == "1" } else { false } })
        #expect(!state.palette.isOpen)
        // The palette opens on what was used last.
        _ = press(&state, .character(":"))
        #expect(state.palette.chosen?.name == "save")
        _ = press(&state, .escape)
        #expect(!state.palette.isOpen)
    }

    @Test func downChoosesTheNextMatch() {
        var state = loaded()
        _ = press(&state, .character(":"))
        _ = type(&state, "tab")
        _ = press(&state, .down, .down)
        _ = press(&state, .enter)
        #expect(state.tab == .search)
    }

    @Test func tabCompletesAndAnArgumentCommandAsksForItsArgument() {
        var state = loaded()
        _ = press(&state, .character(":"))
        _ = type(&state, "expl")
        _ = press(&state, .tab)
        #expect(state.palette.text == "explore ")
        _ = type(&state, "2024-13-01")
        _ = press(&state, .enter)
        #expect(state.palette.isOpen)
        #expect(state.palette.error == "The date must be YYYY-MM-DD, from 2004-07-01 on (got \"2024-13-01\")")
        #expect(render(state).lines[3].hasPrefix(" The date must be YYYY-MM-DD"))
        _ = press(&state, .ctrl("u"))
        _ = type(&state, "sea")
        _ = press(&state, .enter)
        #expect(state.palette.text == "search ")
        _ = type(&state, "red cats")
        _ = press(&state, .enter)
        #expect(!state.palette.isOpen)
        #expect(state.tab == .search)
        #expect(state.feeds[.search].source == .search(text: "red cats"))
    }

    @Test func exploreTakesADate() {
        var state = loaded()
        _ = press(&state, .character(":"))
        _ = type(&state, "explore 2024-05-01")
        _ = press(&state, .enter)
        #expect(state.tab == .explore)
        #expect(state.feeds[.explore].source == .explore(date: "2024-05-01"))
    }

    @Test func albumAndGroupTakeAnAddress() {
        var state = loaded()
        _ = press(&state, .character(":"))
        _ = type(&state, "album https://www.flickr.com/photos/someone/albums/72157624618609111")
        _ = press(&state, .enter)
        #expect(state.feeds[.search].source == .album(id: "72157624618609111"))
        _ = press(&state, .character(":"))
        _ = type(&state, "group flickr.com/groups/lighthouses/pool")
        _ = press(&state, .enter)
        #expect(state.feeds[.search].source == .group(id: "https://www.flickr.com/groups/lighthouses/"))
    }
}

/// "page N" in the palette (issue 43): the grid's N-th screen of cards, as PgDn counts them.
@Suite struct PalettePageTests {
    func loaded(_ count: Int) -> AppState {
        var (state, effects) = startedState()
        let answer = Page(items: (1...count).map { photo($0) }, page: 1, pages: 1, total: count)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(answer))))
        return state
    }

    @Test func pageTakesANumberAndPageDownStaysTheKey() {
        #expect(PaletteMatcher.argumentCommand("page 12", in: PaletteCommand.all)?.1 == "12")
        #expect(PaletteMatcher.argumentCommand("page ", in: PaletteCommand.all)?.0.name == "page")
        #expect(PaletteMatcher.argumentCommand("page down", in: PaletteCommand.all) == nil)
        #expect(PaletteMatcher.matches("page down", in: PaletteCommand.all, used: []).first?.name == "page down")
    }

    @Test func pageTwoSelectsTheSecondScreensFirstCard() {
        // 80×24: 3 cards a row, 5 rows a screen.
        var state = loaded(40)
        _ = press(&state, .character(":"))
        _ = type(&state, "page 2")
        _ = press(&state, .enter)
        #expect(!state.palette.isOpen)
        #expect(state.feeds[.recent].selection == 15)
        _ = press(&state, .character(":"))
        _ = type(&state, "page 3")
        _ = press(&state, .enter)
        #expect(state.feeds[.recent].selection == 30)
        _ = press(&state, .character(":"))
        _ = type(&state, "page 4")
        _ = press(&state, .enter)
        #expect(state.palette.isOpen)
        #expect(state.palette.error == "Page 4 is not loaded: pages 1–3 are")
        #expect(state.feeds[.recent].selection == 30)
        _ = press(&state, .backspace, .character("0"), .enter)
        #expect(state.palette.error == "A page is a number from 1")
    }
}
