import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// `[keys]` in the config file: a remapped key triggers its action, the old key stops doing it, swaps work,
/// and two actions on one key are refused.
@Suite struct KeyRemapTests {
    func state(_ bindings: [KeyAction: Key], rows: Int = 40) throws -> AppState {
        var configuration = AppConfiguration(demoProviders: [.flickr], randomSeed: 1)
        configuration.keyMap = try KeyMap(bindings: bindings)
        var state = AppState(configuration: configuration, size: CellSize(columns: 120, rows: rows))
        answerLoads(&state, start(&state), limit: 1)
        return state
    }

    /// The help shows the keys in effect: a remapped action under its new key, never the old one.
    @Test func helpListsTheRemappedKeys() throws {
        // 60 rows: the grouped help is longer than a 40-row screen.
        var state = try state(
            [.help: .function(1), .quit: .character("x"), .refresh: .ctrl("f"), .first: .home, .view: .character("V")], rows: 60)
        _ = reduce(&state, .key(.function(1)))
        let lines = render(state).lines
        func row(_ action: String) -> String? {
            lines.first { $0.contains(action) }.map { String($0.prefix(20)).trimmingCharacters(in: .whitespaces) }
        }
        #expect(row("this help") == "F1")
        #expect(row("quit") == "x, Ctrl-C")
        #expect(row("refresh: new photos on top") == "Ctrl-F")
        #expect(row("first / last loaded photo") == "Home End, Home")
        #expect(row("view the photo full screen") == "V")
        #expect(lines.contains { $0.contains("walk the feed, Esc or x back") })
        // Unchanged actions keep their keys.
        #expect(row("save or unsave") == "s")
    }

    @Test func remappedKeyTriggersTheActionAndTheOldKeyNoLongerDoes() throws {
        var state = try state([.quit: .character("x")])
        #expect(reduce(&state, .key(.character("x"))) == [.quit])
        #expect(reduce(&state, .key(.character("q"))).contains(.quit) == false)
    }

    /// The status line's hint names the keys in effect: after `quit = "x"` it says "x quit", and x quits.
    @Test func statusHintNamesTheRemappedKeys() throws {
        var state = try state([
            .quit: .character("x"), .help: .function(1), .search: .character("S"), .comments: .character("C"), .slideshow: .character("Z"),
        ])
        let status = render(state).lines[39]
        #expect(status.hasSuffix("S search  Enter detail  C comments  F1 help  x quit"), "\(status)")
        #expect(!status.contains("q quit"))
        _ = reduce(&state, .resize(CellSize(columns: 60, rows: 40)))
        #expect(render(state).lines[39].hasSuffix("F1 help  x quit"))
        #expect(reduce(&state, .key(.character("x"))) == [.quit])
    }

    @Test func remappedMovementMovesAndTheOldLetterIsUnbound() throws {
        var state = try state([.right: .character("n")])
        _ = reduce(&state, .key(.character("n")))
        #expect(state.feeds[.recent].selection == 1)
        _ = reduce(&state, .key(.character("l")))
        #expect(state.feeds[.recent].selection == 1)
        // The arrow key is not the action's bindable key: it keeps working.
        _ = reduce(&state, .key(.right))
        #expect(state.feeds[.recent].selection == 2)
    }

    @Test func swappedKeysExchangeTheirActions() throws {
        var state = try state([.quit: .character("?"), .help: .character("q")])
        _ = reduce(&state, .key(.character("q")))
        guard case .help = state.overlay else {
            Issue.record("q did not open the help")
            return
        }
        _ = reduce(&state, .key(.escape))
        #expect(reduce(&state, .key(.character("?"))) == [.quit])
    }

    @Test func namedAndControlKeysCanBeBound() throws {
        var state = try state([.tabPopular: .function(2), .refresh: .ctrl("f")])
        _ = reduce(&state, .key(.function(2)))
        #expect(state.tab == .popular)
        _ = reduce(&state, .key(.character("2")))
        #expect(state.tab == .popular)
        _ = reduce(&state, .key(.character("1")))
        #expect(state.tab == .recent)
    }

    @Test func searchBarTypesTheRemappedKeyAsText() throws {
        var state = try state([.quit: .character("x")])
        _ = reduce(&state, .key(.character("/")))
        _ = reduce(&state, .key(.character("x")))
        _ = reduce(&state, .key(.character("q")))
        #expect(state.searchBar.text == "xq")
    }

    @Test func ctrlCAlwaysQuits() throws {
        var state = try state([.quit: .character("x")])
        #expect(reduce(&state, .key(.ctrl("c"))) == [.quit])
        #expect(throws: KeyBindingError.reserved(.help)) { try KeyMap(bindings: [.help: .ctrl("c")]) }
    }

    @Test func conflictNamesBothActions() throws {
        #expect(throws: KeyBindingError.conflict(.quit, .comments, .character("c"))) {
            try KeyMap(bindings: [.quit: .character("c")])
        }
        #expect(KeyBindingError.conflict(.quit, .comments, .character("c")).message == "quit and comments are both bound to \"c\"")
        #expect(throws: KeyBindingError.conflict(.help, .save, .function(5))) {
            try KeyMap(bindings: [.help: .function(5), .save: .function(5)])
        }
    }

    @Test func keyNamesReadBack() {
        for name in ["x", "X", "/", "ctrl-r", "f12", "up", "pgdn", "esc", "space", "tab", "backtab", "shift-up"] {
            #expect(KeyName.parse(name).map(KeyName.name) == name)
        }
        #expect(KeyName.parse("Ctrl-R") == .ctrl("r"))
        #expect(KeyName.parse("ctrl-") == nil)
        #expect(KeyName.parse("f13") == nil)
        #expect(KeyName.parse("") == nil)
        #expect(KeyName.parse("\t") == nil)
    }
}
