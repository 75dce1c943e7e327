import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// `--plain`: words only, the cursor on the selected card's title, the state in words on the status line.
@Suite struct PlainModeTests {
    static func plainState(columns: Int = 80, rows: Int = 24) -> AppState {
        var configuration = AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 42)
        configuration.plain = true
        var state = AppState(configuration: configuration, size: CellSize(columns: columns, rows: rows))
        answerLoads(&state, start(&state), limit: 1)
        return state
    }

    static func hasSymbols(_ frame: Frame) -> Bool {
        frame.lines.joined().unicodeScalars.contains(where: PlainScreen.isSymbol)
    }

    @Test func theCursorSitsOnTheSelectedCardsTitle() throws {
        var state = Self.plainState()
        let feed = try #require(state.currentFeed)
        let layout = ScreenLayout(state)
        let first = try #require(layout.cardRect(index: 0, scrollRow: 0))
        var frame = render(state)
        #expect(frame.cursor == CursorPosition(row: first.row, column: first.column + 1))
        #expect(frame.lines[first.row].dropFirst(first.column + 1).hasPrefix("Photo 1"))
        _ = press(&state, .right)
        let second = try #require(layout.cardRect(index: 1, scrollRow: 0))
        frame = render(state)
        #expect(frame.cursor == CursorPosition(row: second.row, column: second.column + 1))
        #expect(frame.lines[second.row].dropFirst(second.column + 1).hasPrefix("Photo 2"))
        #expect(feed.count == 100)
    }

    @Test func theStatusLineSaysTheStateInWordsAfterEachKey() {
        var state = Self.plainState()
        #expect(render(state).lines[23].hasPrefix("Recent tab, photo 1 of 100: Photo 1 by owner 1"))
        _ = press(&state, .right)
        #expect(render(state).lines[23].hasPrefix("Recent tab, photo 2 of 100: Photo 2 by owner 2"))
        _ = press(&state, .character("?"))
        let help = render(state)
        #expect(help.lines[23].hasPrefix("Help open; Esc closes"))
        // With an overlay the cursor waits on the status line.
        #expect(help.cursor == CursorPosition(row: 23, column: 0))
    }

    @Test func noBoxDrawingNoSpinnerNoBraille() {
        var state = Self.plainState(columns: 140, rows: 30)
        // Wide enough for the detail pane and its border, with a request in flight for the spinner.
        #expect(!Self.hasSymbols(render(state)))
        _ = reduce(&state, .runtime(.inFlightChanged(1)))
        _ = reduce(&state, .runtime(.tick))
        #expect(!Self.hasSymbols(render(state)))
        _ = press(&state, .character("m"))
        #expect(state.map != nil)
        #expect(!Self.hasSymbols(render(state)))
        // Without --plain the same screens do draw them (the check can fail).
        var ordinary = startedState(columns: 140, rows: 30, colors: true).0
        _ = reduce(&ordinary, .runtime(.inFlightChanged(1)))
        #expect(Self.hasSymbols(render(ordinary)))
        #expect(render(ordinary).cursor == nil)
    }
}
