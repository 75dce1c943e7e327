import PhotoramaKit
import PhotoramaScreen

/// The open palette has the keyboard: typing narrows the list, Up and Down choose, Tab completes the
/// name, Enter runs the chosen command (an argument command first asks for its argument), Esc leaves.
func handlePaletteKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    switch key {
    case .character(let c): state.palette.type(c)
    case .backspace, .ctrl("h"): state.palette.deleteBackward()
    case .ctrl("u"): state.palette.clear()
    case .escape: state.palette.close()
    case .up, .backTab: state.palette.move(by: -1)
    case .down: state.palette.move(by: 1)
    case .tab: state.palette.complete()
    case .enter: return runChosenCommand(&state)
    default: break
    }
    return []
}

/// Enter: a key action runs where the palette was opened; an argument command runs with the text after
/// its name, or waits for it; a bad argument keeps the palette open with the reason.
func runChosenCommand(_ state: inout AppState) -> [Effect] {
    if let (command, argument) = PaletteMatcher.argumentCommand(state.palette.text, in: PaletteCommand.all),
        case .argument(let kind) = command.run, !argument.isEmpty
    {
        switch runArgument(&state, kind, argument) {
        case .failure(let error):
            state.palette.reject(error.message)
            return []
        case .success(let effects):
            state.palette.ran(command.name)
            state.palette.close()
            return effects
        }
    }
    guard let chosen = state.palette.chosen else { return [] }
    switch chosen.run {
    case .argument:
        // Its name typed in, the argument follows in the same prompt.
        state.palette.complete()
        return []
    case .key(let action):
        state.palette.ran(chosen.name)
        state.palette.close()
        return handleKey(&state, state.configuration.keyMap.key(for: action))
    }
}

/// Runs an argument command as its own prompt or key would: the same parsers, the same feeds.
func runArgument(_ state: inout AppState, _ kind: PaletteArgument, _ argument: String) -> Result<[Effect], PhotoramaError> {
    switch kind {
    case .search:
        return SearchQuery.parse(argument).map { source in
            state.searchBar.show(argument)
            return startSearch(&state, source, query: argument)
        }
    case .explore:
        return ExploreDate.parse(argument).map { date in
            let cancels = state.feeds[.explore].inFlightTokens.map(Effect.cancel)
            state.feeds.replace(.explore, with: FeedModel(source: .explore(date: date)))
            return cancels + selectTab(&state, .explore)
        }
    case .album:
        return AlbumReference.parse(argument).map { follow(&state, .album(id: $0), query: $0) }
    case .group:
        return GroupReference.parse(argument).map { reference in
            let id =
                switch reference {
                case .id(let id): id
                case .address(let address): address
                }
            return follow(&state, .group(id: id), query: id)
        }
    case .gallery:
        return GalleryReference.parse(argument).map { follow(&state, .gallery(id: $0), query: $0) }
    case .page:
        return jumpToPage(&state, argument)
    }
}

/// "page 3": the grid's third screen of cards (a screen as PgDn moves), its first card selected. A page
/// not loaded yet is refused with the pages that are.
func jumpToPage(_ state: inout AppState, _ argument: String) -> Result<[Effect], PhotoramaError> {
    guard let tab = state.currentFeedTab, !state.viewerOpen, state.map == nil else {
        return .failure(.invalidInput("Pages are the grid's: open a tab with photos first"))
    }
    let layout = ScreenLayout(state)
    let screen = max(1, layout.gridColumns * layout.visibleRows)
    let count = state.feed(for: tab).count
    let loaded = (count + screen - 1) / screen
    guard let page = Int(argument), page >= 1 else { return .failure(.invalidInput("A page is a number from 1")) }
    guard page <= loaded else {
        return .failure(.invalidInput(loaded == 0 ? "No page is loaded yet" : "Page \(page) is not loaded: pages 1–\(loaded) are"))
    }
    state.detail.close()
    moveSelection(&state, tab) { _ in (page - 1) * screen }
    return .success([])
}
