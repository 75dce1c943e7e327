import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// Ctrl-L asks the runtime to repaint the whole terminal, whatever has the keyboard, and changes nothing.
@Suite struct RedrawKeyTests {
    @Test func ctrlLAsksForARedrawAndLeavesTheScreenAsItWas() {
        var (state, _) = startedState(columns: 80, rows: 24)
        let before = render(state).lines
        #expect(reduce(&state, .key(.ctrl("l"))) == [.redraw])
        #expect(render(state).lines == before)
    }

    @Test func ctrlLWorksInTheSearchBarAndOverlays() {
        var (state, _) = startedState(columns: 80, rows: 24)
        _ = reduce(&state, .key(.character("/")))
        _ = reduce(&state, .key(.character("x")))
        let typing = render(state).lines
        #expect(reduce(&state, .key(.ctrl("l"))) == [.redraw])
        // Not typed into the search text.
        #expect(render(state).lines == typing)

        _ = reduce(&state, .key(.escape))
        _ = reduce(&state, .key(.character("?")))
        #expect(reduce(&state, .key(.ctrl("l"))) == [.redraw])
        #expect(state.overlay != nil)
    }
}
