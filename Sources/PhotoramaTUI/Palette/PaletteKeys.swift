import PhotoramaKit
import PhotoramaScreen

/// The open palette's keys, as functions of the palette: typing narrows the list, Up and Down choose, Tab
/// completes the name, Esc leaves, and Enter hands the root the command to run.
extension PaletteModel {
    /// What Enter asks of the root: a key action to run where the palette was opened (the palette has
    /// closed), or an argument command to run with its text (the palette waits for how it went: `ran` or
    /// `reject`).
    enum Request: Equatable {
        case key(KeyAction)
        case argument(PaletteArgument, String, name: String)
    }

    mutating func key(_ key: Key) -> Request? {
        switch key {
        case .character(let c): type(c)
        case .backspace, .ctrl("h"): deleteBackward()
        case .ctrl("u"): clear()
        case .escape: close()
        case .up, .backTab: move(by: -1)
        case .down: move(by: 1)
        case .tab: complete()
        case .enter: return enter()
        default: break
        }
        return nil
    }

    /// Enter: an argument command with the text after its name goes to the root; one without its argument
    /// completes its name, and the argument follows in the same prompt; a key action closes the palette.
    private mutating func enter() -> Request? {
        if let (command, argument) = PaletteMatcher.argumentCommand(text, in: PaletteCommand.all),
            case .argument(let kind) = command.run, !argument.isEmpty
        {
            return .argument(kind, argument, name: command.name)
        }
        guard let chosen else { return nil }
        switch chosen.run {
        case .argument:
            complete()
            return nil
        case .key(let action):
            ran(chosen.name)
            close()
            return .key(action)
        }
    }

    /// How the root's run of an argument command went: a bad argument keeps the palette open with the
    /// reason; one that ran comes first from now on, and the palette closes.
    mutating func finished(_ name: String, _ result: Result<[Effect], PhotoramaError>) -> [Effect] {
        switch result {
        case .failure(let error):
            reject(error.message)
            return []
        case .success(let effects):
            ran(name)
            close()
            return effects
        }
    }
}

/// The open palette has the keyboard: the palette takes the key; the command Enter chose runs as its own
/// key or prompt would.
func handlePaletteKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect] {
    switch state.palette.key(key) {
    case .key(let action)?:
        return handleKey(&state, state.configuration.keyMap.key(for: action))
    case .argument(let kind, let argument, let name)?:
        let result = runArgument(&state, kind, argument)
        return state.palette.finished(name, result)
    case nil:
        return []
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
        // Pages are the grid's (not the viewer's or the map's).
        guard let tab = state.currentFeedTab, !state.viewerOpen, state.map == nil else {
            return .failure(.invalidInput("Pages are the grid's: open a tab with photos first"))
        }
        let layout = ScreenLayout(state)
        return state.feed(for: tab).firstCard(ofPage: argument, screen: layout.cardsPerScreen).map { index in
            state.detail.close()
            moveSelection(&state, tab) { _ in index }
            return []
        }
    }
}

extension FeedModel {
    /// "page 3": the first card of the grid's third screen of `screen` cards (a screen as PgDn moves). A
    /// page not loaded yet is refused with the pages that are.
    func firstCard(ofPage argument: String, screen: Int) -> Result<Int, PhotoramaError> {
        let screen = max(1, screen)
        let loaded = (count + screen - 1) / screen
        guard let page = Int(argument), page >= 1 else { return .failure(.invalidInput("A page is a number from 1")) }
        guard page <= loaded else {
            return .failure(.invalidInput(loaded == 0 ? "No page is loaded yet" : "Page \(page) is not loaded: pages 1–\(loaded) are"))
        }
        return .success((page - 1) * screen)
    }
}
